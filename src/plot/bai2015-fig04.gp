# bai2015-fig04.gp: body-frame velocity, printed and consistent gravity.
f = 'data/bai2015-fig04.dat'
set xlabel '$t$ (s)'
set ylabel '$v_i$ (m/s), body frame'
set key outside top center horizontal maxrows 2 samplen 2 width -2
set ytics 50
plot f index 0 u 1:2 w l lt LT_lgvi_cayley t 'LGVI $v_1$', \
     f index 0 u 1:3 w l lt LT_lgvi_cayley dt 1 t '$v_2$', \
     f index 0 u 1:4 w l lt LT_lgvi_cayley dt 3 t '$v_3$', \
     f index 1 u 1:2 w l lt LT_lgrk3 t 'LG-RK3', f index 1 u 1:3 w l lt LT_lgrk3 notitle, \
     f index 1 u 1:4 w l lt LT_lgrk3 notitle, \
     f index 2 u 1:2 w l lt LT_rk3 t 'RK3', f index 2 u 1:3 w l lt LT_rk3 notitle, \
     f index 2 u 1:4 w l lt LT_rk3 notitle, \
     f index 4 u 1:4 w lp lt LT_lgvi_cayley dt 3 pi 40 t 'LGVI $v_3$, consistent $g$'
