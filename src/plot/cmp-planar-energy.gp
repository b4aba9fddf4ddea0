# cmp-planar-energy.gp: planar schemes, energy error over 1e6 steps.
set logscale xy
set format y '$10^{%T}$'
set format x '$10^{%T}$'
set yrange [1e-16:10]
set xlabel '$t$ (s)'
set ylabel '$\max|E-E_0|/E_0$ per $10^3$ steps'
# the key above the plot, in two columns, clear of the y label
set tmargin 4.2
set key at screen 0.60, screen 0.995 center top vertical maxrows 3 spacing 1.0 samplen 2 width 2
f = 'data/cmp-planar-energy.dat'
plot f index 0 u 1:($2+1e-16) w l lt LT_angle t '(43), (46), (63), (64)', \
     f index 2 u 1:($2+1e-16) w l lt LT_reduced t '(50), (53), (56), (59), (60)', \
     f index 11 u 1:($2+1e-16) w l lt LT_reduced dt 3 t '(50), tolerance $10^{-14}$', \
     f index 9 u 1:($2+1e-16) w l lt LT_cayley t 'Cayley', \
     f index 10 u 1:($2+1e-16) w l lt LT_rk4 t 'RK4'
