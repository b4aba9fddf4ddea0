# cmp-planar-order.gp: observed order of every planar scheme.
set logscale xy
set format y '$10^{%T}$'
set format x '$%g$'
set xlabel '$h$ (s)'
set ylabel 'error at $t=5$\,s'
# the key in two columns in the empty lower right corner
set yrange [1e-12:1e-1]
set key bottom right maxrows 6 spacing 1.0 samplen 2
f = 'data/cmp-planar-order.dat'
plot f index 0 u 1:2 w lp lt LT_angle t '(43)', f index 1 u 1:2 w lp lt LT_angle_inc t '(46)', \
     f index 2 u 1:2 w lp lt LT_reduced t '(50)', f index 3 u 1:2 w lp lt LT_reduced_inc t \
       '(53)', \
     f index 4 u 1:2 w lp lt LT_fform t '(56)', f index 5 u 1:2 w lp lt LT_complete t '(59)', \
     f index 6 u 1:2 w lp lt LT_complete_inc t '(60)', f index 7 u 1:2 w lp lt LT_liealg t \
       '(63)', \
     f index 8 u 1:2 w lp lt LT_liealg_inc t '(64)', f index 9 u 1:2 w lp lt LT_cayley t '(67)', \
     f index 10 u 1:2 w lp lt LT_rk4 t 'RK4'
