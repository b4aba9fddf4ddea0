# bai2015-fig03.gp: third row of R, the vertical seen in the body.
f = 'data/bai2015-fig03.dat'
set xlabel '$t$ (s)'
set ylabel '$(R^{\mathsf T}e_3)_i$'
set yrange [-1.1:1.1]
set key outside top center horizontal maxrows 1 samplen 2 width 1
plot f index 0 u 1:2 w l lt LT_lgvi_cayley t 'LGVI $i=1$', \
     f index 0 u 1:3 w l lt LT_lgvi_cayley dt 1 t '$i=2$', \
     f index 0 u 1:4 w l lt LT_lgvi_cayley dt 3 t '$i=3$', \
     f index 1 u 1:2 w l lt LT_lgrk3 t 'LG-RK3', f index 1 u 1:3 w l lt LT_lgrk3 notitle, \
     f index 1 u 1:4 w l lt LT_lgrk3 notitle, \
     f index 2 u 1:2 w l lt LT_rk3 t 'RK3', f index 2 u 1:3 w l lt LT_rk3 notitle, \
     f index 2 u 1:4 w l lt LT_rk3 notitle
