# cmp-pendulum3d-asym.gp: 3D schemes on an asymmetric body.
dat = 'data/cmp-pendulum3d-asym.dat'
# one key, above both panels
set multiplot
# the bottom margin keeps the x labels on the page
set bmargin at screen 0.17; set tmargin at screen 0.84
set lmargin at screen 0.15; set rmargin at screen 0.51
set logscale y
set format y '$10^{%T}$'
set xlabel '$t$ (s)'
set ylabel '$|E-E_0|/mg|\rho|$'
unset key
# seven curves: the points (every 25th drawn sample) keep them apart in grey
set pointintervalbox 0
plot for [i=0:6] dat index i using 1:(abs($5) + 1e-17) every 4 with linespoints pi 25 \
       lt (i == 0 ? LT_p3d_f : i == 1 ? LT_p3d_ra : i == 2 ? LT_p3d_ra_inc : i == 3 ? LT_p3d_clg : \
           i == 4 ? LT_p3d_cardan : i == 5 ? LT_rk4 : LT_ref) notitle
unset logscale y
set format y '$%g$'
set lmargin at screen 0.665; set rmargin at screen 0.98
set xrange [28:30]
# one character further left than gnuplot puts it, clear of the tick labels
set ylabel '$\omega_1$ (rad/s)' offset -1,0
unset key
plot dat index 0 using 1:2 with lines lt LT_p3d_f title '(70)', \
     '' index 3 using 1:2 with lines lt LT_p3d_clg title '(83)', \
     '' index 4 using 1:2 with lines lt LT_p3d_cardan title '(87)', \
     '' index 5 using 1:2 with lines lt LT_rk4 title 'RK4', \
     '' index 6 using 1:2 with lines lt LT_ref title 'ref.'
# the key: an empty plot spanning both panels
set lmargin at screen 0.13
set xrange [0:1]; set yrange [0:1]
unset xlabel; unset ylabel; unset tics; unset border; unset grid
set key at screen 0.55,0.995 center top horizontal maxrows 1 samplen 2
plot NaN w lp lt LT_p3d_f t '(70)', NaN w lp lt LT_p3d_ra t '(78)', NaN w lp lt LT_p3d_ra_inc t \
  '(81)', \
     NaN w lp lt LT_p3d_clg t '(83)', NaN w lp lt LT_p3d_cardan t '(87)', NaN w lp lt LT_rk4 t \
       'RK4', \
     NaN w lp lt LT_ref t 'ref.'
unset multiplot
