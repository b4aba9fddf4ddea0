# cmp-pendulum3d-asym.gp: the five schemes, RK4 and the reference on an asymmetric body.
dat = 'data/cmp-pendulum3d-asym.dat'
set multiplot layout 1,2
set logscale y
set format y '$10^{%T}$'
set xlabel '$t$ (s)'
set ylabel '$|E-E_0|/mg|\rho|$'
set key center right samplen 1.5
plot dat index 0 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_p3d_f title '(70)', \
     '' index 1 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_p3d_ra title '(78)', \
     '' index 2 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_p3d_ra_inc title '(81)', \
     '' index 3 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_p3d_clg title '(83)', \
     '' index 4 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_p3d_cardan title '(87)', \
     '' index 5 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_rk4 title 'RK4', \
     '' index 6 using 1:(abs($5) + 1e-17) every 4 with lines lt LT_ref title 'ref.'
unset logscale y
set format y '$%g$'
set xrange [28:30]
set ylabel '$\omega_1$ (rad/s)'
set key top right
plot dat index 0 using 1:2 with lines lt LT_p3d_f title '(70)', \
     '' index 3 using 1:2 with lines lt LT_p3d_clg title '(83)', \
     '' index 4 using 1:2 with lines lt LT_p3d_cardan title '(87)', \
     '' index 5 using 1:2 with lines lt LT_rk4 title 'RK4', \
     '' index 6 using 1:2 with lines lt LT_ref title 'ref.'
unset multiplot
