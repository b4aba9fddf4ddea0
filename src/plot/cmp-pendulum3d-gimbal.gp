# cmp-pendulum3d-gimbal.gp: one-step error near gimbal lock.
dat = 'data/cmp-pendulum3d-gimbal.dat'
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$\delta=\pi/2-\theta_y$'
set ylabel 'one-step error of $R$'
# the key in the empty band left of the dip
set key at graph 0.03, graph 0.68 left top
plot dat using 1:2 with linespoints lt LT_p3d_cardan title '(87) Cardan', \
     '' using 1:4 with linespoints lt LT_p3d_clg title '(83) complete Lie group'
