# bai2015-fig02.gp: body angular velocity, three schemes and the reference.
f = 'data/bai2015-fig02.dat'
set multiplot layout 3,1
set lmargin 9; set rmargin 2; set tmargin 0.5; set bmargin 1.5
set key top right horizontal font ",6" samplen 1.5 width 8 opaque
set ytics 2
set format x ""
set ylabel '$\Omega_1$'
plot f index 3 u 1:2 w l lt LT_ref t 'ref', \
     f index 0 u 1:2 w l lt LT_lgvi_cayley t 'LGVI', \
     f index 1 u 1:2 w l lt LT_lgrk3 t 'LG-RK3', \
     f index 2 u 1:2 w l lt LT_rk3 t 'RK3'
unset key
set ylabel '$\Omega_2$'
plot f index 3 u 1:3 w l lt LT_ref, f index 0 u 1:3 w l lt LT_lgvi_cayley, \
     f index 1 u 1:3 w l lt LT_lgrk3, f index 2 u 1:3 w l lt LT_rk3
set format x "$%g$"
set bmargin 2.5
set xlabel '$t$ (s)' offset 0,0.8
set ylabel '$\Omega_3$'
plot f index 3 u 1:4 w l lt LT_ref, f index 0 u 1:4 w l lt LT_lgvi_cayley, \
     f index 1 u 1:4 w l lt LT_lgrk3, f index 2 u 1:4 w l lt LT_rk3
unset multiplot
