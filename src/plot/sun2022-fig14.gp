# sun2022-fig14.gp: complete Lie group, two forms at h = 0.05.
# two panels; the key sits in a row of its own above them
set multiplot layout 2,1 margins 0.15,0.97,0.15,0.87 spacing 0,0.13
set xrange [40:50]
set ylabel '$\theta$ (rad)'
set yrange [-0.3:0.3]
set ytics 0.2
set key at screen 0.54,0.995 center top horizontal samplen 2
set format x '$%g$'
plot 'data/sun2022-fig14.dat' index 0 u 1:2 w l lt LT_complete t 'Eq.~(59)', \
     '' index 1 u 1:2 w l lt LT_complete_inc t 'Eq.~(60)'
set format x '$%g$'
set xlabel '$t$ (s)' offset 0,0.3
set autoscale y
set ytics 1e-16,1e8
set ylabel '$|\theta_{59}-\theta_{60}|$ (rad)'
set logscale y
set format y '$10^{%T}$'
# the key in a band above the curves (which stay below 1)
set yrange [1e-18:1e14]
set xrange [0:50]
set key inside top center horizontal maxrows 1 samplen 2
plot 'data/sun2022-fig14.dat' index 4 u 1:($2+1e-18) w l lt LT_comp1 t \
  'to round-off', \
     '' index 4 u 1:($3+1e-18) w l lt LT_comp2 t '$10^{-4}$', \
     '' index 4 u 1:($4+1e-18) w l lt LT_comp3 t '$10^{-3}$, warm start'
unset multiplot
