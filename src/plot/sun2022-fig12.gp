# sun2022-fig12: Eq. 50 at h = 0.05 and h = 0.01 and the exact solution, 50 s (Fig. 12 of sun2022)
set multiplot layout 2,1
set xrange [0:50]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.45]
set key top center horizontal
set format x ''
set xrange [40:50]
plot 'data/sun2022-fig12.dat' index 0 u 1:2 w l lt LT_reduced_inc t 'Eq.~(50), $h=0.05$', \
     '' index 1 u 1:2 w l lt LT_reduced t 'Eq.~(50), $h=0.01$', \
     '' index 2 u 1:2 w l lt LT_ref t 'exact'
set format x '$%g$'
set xlabel '$t$ (s)'
set autoscale y
set ylabel '$\omega$ (rad/s)'
unset key
plot 'data/sun2022-fig12.dat' index 0 u 1:3 w l lt LT_reduced_inc, \
     '' index 1 u 1:3 w l lt LT_reduced, \
     '' index 2 u 1:3 w l lt LT_ref
unset multiplot
