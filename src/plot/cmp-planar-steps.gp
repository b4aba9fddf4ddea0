# cmp-planar-steps.gp: planar schemes, lag at 50 s against the step.
set logscale xy
set format y '$10^{%T}$'
set format x '$%g$'
set xrange [0.008:0.06]
set xtics (0.01, 0.02, 0.05)
set xlabel '$h$ (s)'
set ylabel '$|$lag$|$ at 50\,s (s)'
set key bottom right spacing 1.0
f = 'data/cmp-planar-steps.dat'
plot f index 0 u 1:(abs($2)) w lp lt LT_angle t '(43), (63)', \
     f index 1 u 1:(abs($2)) w lp lt LT_reduced t '(50), (56), (59)', \
     f index 5 u 1:(abs($2)) w lp lt LT_cayley t 'Cayley', \
     f index 6 u 1:(abs($2)+1e-7) w lp lt LT_rk4 t 'RK4'
