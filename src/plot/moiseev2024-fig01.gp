# moiseev2024-fig01.gp: energy of RK4 on a planar pendulum.
set xlabel '$t$ (s)'
set ylabel '$(E-E_0)/|E_0|$'
set key bottom left
plot 'data/moiseev2024-fig01.dat' u 1:4 w l lt LT_rk4 t 'RK4, $h=0.1$'
