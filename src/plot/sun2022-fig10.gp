# sun2022-fig10: Eqs. 50, 43 and the exact solution at h = 0.01, first 5 s (Fig. 10 of sun2022)
set multiplot layout 2,1
set xrange [0:5]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.45]
set key top center horizontal
set format x ''
plot 'data/sun2022-fig10.dat' index 0 u 1:2 w l lt LT_reduced t 'Eq.~(50)', \
     '' index 1 u 1:2 w l lt LT_angle t 'Eq.~(43)', \
     '' index 2 u 1:2 w l lt LT_ref t 'exact'
set format x '$%g$'
set xlabel '$t$ (s)'
set autoscale y
set ylabel '$\omega$ (rad/s)'
unset key
plot 'data/sun2022-fig10.dat' index 0 u 1:3 w l lt LT_reduced, \
     '' index 1 u 1:3 w l lt LT_angle, \
     '' index 2 u 1:3 w l lt LT_ref
unset multiplot
