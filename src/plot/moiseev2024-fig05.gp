# moiseev2024-fig05.gp: body angular velocity, LGVI and RK4.
f = 'data/moiseev2024-fig05.dat'
set multiplot layout 3,1
set lmargin 9; set rmargin 2; set tmargin 0.5; set bmargin 1.5
set key top right horizontal font ",7" samplen 1.5 width 8 opaque
set format x ""
set ylabel '$\Omega_1$'
plot f index 0 u 1:2 w l lt LT_lgvi_exp t 'LGVI', f index 1 u 1:2 w l lt LT_rk4 t 'RK4'
unset key
set ylabel '$\Omega_2$'
plot f index 0 u 1:3 w l lt LT_lgvi_exp, f index 1 u 1:3 w l lt LT_rk4
set format x "$%g$"
set bmargin 2.5
set xlabel '$t$ (s)' offset 0,0.8
set ylabel '$\Omega_3$'
plot f index 0 u 1:4 w l lt LT_lgvi_exp, f index 1 u 1:4 w l lt LT_rk4
unset multiplot
