# sun2022-fig07.gp: RK4 and the difference method, last 5 s.
# two panels; the key sits in a row of its own above them
set multiplot layout 2,1 margins 0.13,0.97,0.15,0.87 spacing 0,0.07
set xrange [45:50]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.3]
set ytics 0.2
set key at screen 0.54,0.995 center top horizontal samplen 2
set format x ''
plot 'data/sun2022-fig07.dat' index 0 u 1:2 w l lt LT_rk4 t 'RK4', \
     '' index 1 u 1:2 w l lt LT_angle t 'Eq.~(43)'
set format x '$%g$'
set xlabel '$t$ (s)' offset 0,0.3
set yrange [-1.25:1.25]
set ytics 0.5
set ylabel '$\omega$ (rad/s)'
unset key
plot 'data/sun2022-fig07.dat' index 0 u 1:3 w l lt LT_rk4, '' index 1 u 1:3 w l lt LT_angle
unset multiplot
