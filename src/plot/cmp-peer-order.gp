# cmp-peer-order.gp: MuJoCo beside the package, error against the step.
dat = 'data/cmp-peer-order.dat'
set terminal cairolatex pdf standalone size 15cm,5.6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot
set size 0.41,1
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xrange [1.2e-4:1.3e-2]
set yrange [1e-12:1e6]
set ytics 1e-12,1000
set xlabel 'step $h$ (s)'
set ylabel 'error at $t=1$\,s'
unset key
do for [c = 0:1] {
  set origin 0.41 * c, 0
  if (c == 1) { set key at screen 0.995, screen 0.8 right top samplen 2 spacing 1.1 }
  set title (c == 0 ? '4 spinning rods, ball joints' : '4 rods, hinges')
  plot dat index c u 1:2 w lp lt LT_mujoco_euler t 'MJ Euler', \
       '' index c u 1:3 w lp lt LT_mujoco_implicit t 'MJ implicit', \
       '' index c u 1:4 w lp lt LT_mujoco_rk4 t 'MJ RK4', \
       '' index c u 1:5 w lp lt LT_rkmk4 t 'RKMK4', \
       '' index c u 1:6 w lp lt LT_rattlie t 'RATTLie', \
       '' index c u 1:7 w lp lt LT_simbody_rkm t 'SB RKM'
}
unset multiplot
