# cmp-peer-scaling.gp: cost, with MuJoCo.
dat = 'data/cmp-peer-scaling.dat'
set terminal cairolatex pdf standalone size 7.5cm,5.6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set logscale xy
set format x '$%g$'
set format y '$10^{%T}$'
set xrange [3:80]
set yrange [10:1e8]
set xlabel 'rods $N$ (ball joints)'
set ylabel 'instructions per step'
set key bottom right samplen 2 spacing 1.0
plot dat index 0 u 1:2 w lp lt LT_mujoco_euler t 'MJ Euler', \
     '' index 0 u 1:3 w lp lt LT_mujoco_rk4 t 'MJ RK4', \
     '' index 0 u 1:4 w lp lt LT_rkmk4 t 'RKMK4', \
     '' index 0 u 1:5 w lp lt LT_dh t 'DH', \
     '' index 0 u 1:6 w lp lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:(1.5e4 * $1) w l lt LT_guide t '$\propto N$'
