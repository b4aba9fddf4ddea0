# cmp-pendulum3d-steps.gp: 3D pendulum, sensitivity to the step.
dat = 'data/cmp-pendulum3d-steps.dat'
set multiplot layout 1,2
set logscale xy
set xrange [0.004:0.13]
set xtics ('$0.005$' 0.005, '$0.02$' 0.02, '$0.1$' 0.1)
set format y '$10^{%T}$'
set xlabel '$h$ (s)'
set key at graph 0.98, graph 0.74 right samplen 1.5
set ylabel 'energy error / $mg|\rho|$'
sel(s) = ($1 == s && $3 == 9.8) ? $2 : 1/0
plot dat index 0 using (sel(0)):($4 + 1e-17) with linespoints lt LT_p3d_ra title '(78)', \
     '' index 0 using (sel(1)):($4 + 1e-17) with linespoints lt LT_p3d_clg title '(83)', \
     '' index 0 using (sel(2)):($4 + 1e-17) with linespoints lt LT_p3d_f title '(70)', \
     '' index 0 using (sel(3)):($4 + 1e-17) with linespoints lt LT_p3d_cardan title '(87)'
set ylabel 'deviation from ref. / $A$'
set format y '$%g$'
plot dat index 0 using (sel(0)):7 with linespoints lt LT_p3d_ra notitle, \
     '' index 0 using (sel(1)):7 with linespoints lt LT_p3d_clg notitle, \
     '' index 0 using (sel(2)):7 with linespoints lt LT_p3d_f notitle, \
     '' index 0 using (sel(3)):7 with linespoints lt LT_p3d_cardan notitle
unset multiplot
