# cmp-pendulum3d-order.gp: 3D pendulum, error against the step.
dat = 'data/cmp-pendulum3d-order.dat'
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$h$ (s)'
set ylabel 'error at $t=1$\,s'
set key bottom right
sel(s) = ($1 == s) ? $2 : 1/0
plot dat using (sel(0)):3 with linespoints lt LT_p3d_f title '(70)', \
     '' using (sel(1)):3 with linespoints lt LT_p3d_ra title '(78)', \
     '' using (sel(2)):3 with linespoints lt LT_p3d_ra_inc title '(81)', \
     '' using (sel(3)):3 with linespoints lt LT_p3d_clg title '(83)', \
     '' using (sel(4)):3 with linespoints lt LT_p3d_cardan title '(87)', \
     '' using (sel(0)):(0.3 * $2**2 / 0.01**2 * 0.01) with lines lt LT_guide title '$h^2$'
