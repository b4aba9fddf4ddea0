# cmp-peer-work.gp: MuJoCo beside the package, error against work.
dat = 'data/cmp-peer-work.dat'
set terminal cairolatex pdf standalone size 15cm,5.6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot
set size 0.41,1
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xrange [1e5:1e10]
set yrange [1e-13:1e6]
set ytics 1e-12,1000
set xlabel 'instructions per simulated second'
set ylabel 'error at $t=1$\,s'
unset key
do for [m = 0:1] {
  set origin 0.41 * m, 0
  if (m == 1) { set key at screen 0.995, screen 0.8 right top samplen 2 spacing 1.1 }
  set title (m == 0 ? 'huang2022 double pendulum' : '4 rods, hinges')
  plot dat index m u 4:3 w lp lt LT_mujoco_euler t 'MJ Euler', \
       '' index m u 6:5 w lp lt LT_mujoco_implicit t 'MJ implicit', \
       '' index m u 8:7 w lp lt LT_mujoco_rk4 t 'MJ RK4', \
       '' index m u 10:9 w lp lt LT_rkmk4 t 'RKMK4', \
       '' index m u 12:11 w lp lt LT_dh t 'DH', \
       '' index m u 14:13 w lp lt LT_rattlie t 'RATTLie'
}
unset multiplot
