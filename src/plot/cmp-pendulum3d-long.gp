# cmp-pendulum3d-long.gp: 3D pendulum, energy error over 1e6 steps.
dat = 'data/cmp-pendulum3d-long.dat'
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$t$ (s)'
set ylabel '$|E-E_0|/mg|\rho|$, $|L_d-L_{d0}|$'
# the key in the empty middle of the left side
set key at graph 0.03, graph 0.74 left top
plot dat index 0 using 1:(abs($2) + 1e-17) with lines lt LT_p3d_f title '(70) $E$', \
     '' index 0 using 1:(abs($3) + 1e-17) with lines lt LT_p3d_f dt 3 title '(70) $L_d$', \
     '' index 1 using 1:(abs($2) + 1e-17) with lines lt LT_p3d_cardan title '(87) $E$', \
     '' index 1 using 1:(abs($3) + 1e-17) with lines lt LT_p3d_cardan dt 1 title '(87) $L_d$', \
     '' index 2 using 1:(abs($2) + 1e-17) with lines lt LT_rk4 title 'RK4 $E$'
