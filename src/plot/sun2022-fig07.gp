# sun2022-fig07: the last 5 s (Fig. 7 of sun2022)
set multiplot layout 2,1
set xrange [45:50]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.45]
set key top center horizontal
set format x ''
plot 'data/sun2022-fig07.dat' index 0 u 1:2 w l lt LT_rk4 t 'RK4', \
     '' index 1 u 1:2 w l lt LT_angle t 'Eq.~(43)'
set format x '$%g$'
set xlabel '$t$ (s)'
set autoscale y
set ylabel '$\omega$ (rad/s)'
unset key
plot 'data/sun2022-fig07.dat' index 0 u 1:3 w l lt LT_rk4, '' index 1 u 1:3 w l lt LT_angle
unset multiplot
