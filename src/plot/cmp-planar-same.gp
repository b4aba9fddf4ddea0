# cmp-planar-same.gp: planar forms that are one map.
set logscale y
set format y '$10^{%T}$'
set yrange [1e-17:1]
set xlabel '$t$ (s)'
set xtics 10
set ytics 1e-16,1e4
set ylabel '$\max|\theta_a-\theta_b|$ (rad)'
set key outside right spacing 1.0
f = 'data/cmp-planar-same.dat'
# eight curves: the points (every 100th sample) keep them apart in grey
plot f u 1:($2+1e-17) w lp pi 100 lt LT_angle_inc t '43/46', \
     f u 1:($3+1e-17) w lp pi 100 lt LT_liealg t '43/63', \
     f u 1:($4+1e-17) w lp pi 100 lt LT_liealg_inc t '63/64', \
     f u 1:($5+1e-17) w lp pi 100 lt LT_reduced_inc t '50/53', \
     f u 1:($6+1e-17) w lp pi 100 lt LT_fform t '50/56', \
     f u 1:($7+1e-17) w lp pi 100 lt LT_complete t '50/59', \
     f u 1:($8+1e-17) w lp pi 100 lt LT_complete_inc t '59/60', \
     f u 1:($9+1e-17) w lp pi 100 lt LT_reduced t '43/50'
