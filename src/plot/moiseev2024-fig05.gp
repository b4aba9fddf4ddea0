# moiseev2024-fig05.gp: body angular velocity.
f = 'data/moiseev2024-fig05.dat'
# three stacked panels; the key sits in a row of its own above them
set multiplot layout 3,1 margins 0.11,0.97,0.14,0.90 spacing 0,0.04
set key at screen 0.54,0.995 center top horizontal maxrows 1 samplen 2 width 1
set yrange [-10:10]; set ytics -8,4,8
set format x ""
set ylabel '$\Omega_1$'
plot f index 0 u 1:2 w l lt LT_lgvi_exp t 'LGVI', f index 1 u 1:2 w l lt LT_rk4 t 'RK4'
unset key
set yrange [-7:7]; set ytics -6,3,6
set ylabel '$\Omega_2$'
plot f index 0 u 1:3 w l lt LT_lgvi_exp, f index 1 u 1:3 w l lt LT_rk4
set format x "$%g$"
set xlabel '$t$ (s)' offset 0,0.3
set yrange [-6:9]; set ytics -4,4,8
set ylabel '$\Omega_3$'
plot f index 0 u 1:4 w l lt LT_lgvi_exp, f index 1 u 1:4 w l lt LT_rk4
unset multiplot
