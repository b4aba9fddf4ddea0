# sun2022-fig16: Eqs. 63 and 64 at h = 0.01, 50 s (Fig. 16 of sun2022)
set multiplot layout 2,1
set xrange [0:50]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.45]
set key top center horizontal
set format x ''
plot 'data/sun2022-fig16.dat' index 0 u 1:2 w l lt LT_liealg t 'Eq.~(63)', \
     '' index 1 u 1:2 w l lt LT_liealg_inc t 'Eq.~(64)'
set format x '$%g$'
set xlabel '$t$ (s)'
set autoscale y
set ylabel '$\omega$ (rad/s)'
unset key
plot 'data/sun2022-fig16.dat' index 0 u 1:3 w l lt LT_liealg, \
     '' index 1 u 1:3 w l lt LT_liealg_inc
unset multiplot
