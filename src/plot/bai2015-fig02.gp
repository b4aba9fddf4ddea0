# bai2015-fig02.gp: body angular velocity against the reference.
f = 'data/bai2015-fig02.dat'
# three stacked panels; the key sits in a row of its own above them
set multiplot layout 3,1 margins 0.11,0.97,0.14,0.90 spacing 0,0.04
set key at screen 0.54,0.995 center top horizontal maxrows 1 samplen 2 width 1
set yrange [1.5:6.5]; set ytics 2,1,6
set format x ""
set ylabel '$\Omega_1$'
plot f index 3 u 1:2 w l lt LT_ref t 'ref', \
     f index 0 u 1:2 w l lt LT_lgvi_cayley t 'LGVI', \
     f index 1 u 1:2 w l lt LT_lgrk3 t 'LG-RK3', \
     f index 2 u 1:2 w l lt LT_rk3 t 'RK3'
unset key
set yrange [-7.5:7.5]; set ytics -6,3,6
set ylabel '$\Omega_2$'
plot f index 3 u 1:3 w l lt LT_ref, f index 0 u 1:3 w l lt LT_lgvi_cayley, \
     f index 1 u 1:3 w l lt LT_lgrk3, f index 2 u 1:3 w l lt LT_rk3
set format x "$%g$"
set xlabel '$t$ (s)' offset 0,0.3
set ylabel '$\Omega_3$'
plot f index 3 u 1:4 w l lt LT_ref, f index 0 u 1:4 w l lt LT_lgvi_cayley, \
     f index 1 u 1:4 w l lt LT_lgrk3, f index 2 u 1:4 w l lt LT_rk3
unset multiplot
