# cmp-peer-energy.gp: energy, with MuJoCo.
dat = 'data/cmp-peer-energy.dat'
set terminal cairolatex pdf standalone size 7.5cm,5.6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set logscale y
set format y '$10^{%T}$'
set xrange [0:100]
set yrange [1e-7:1e10]
set xlabel '$t$ (s)'
set ylabel '$|E-E_0|$ (J), per 1\,s'
set key top left samplen 2 spacing 1.0 maxrows 3 width -3
plot dat u 1:2 w lp pi 12 lt LT_dh t 'DH', \
     '' u 1:3 w lp pi 12 lt LT_rattlie t 'RATTLie', \
     '' u 1:4 w lp pi 12 lt LT_rkmk4 t 'RKMK4', \
     '' u 1:5 w lp pi 12 lt LT_mujoco_euler t 'MJ Euler', \
     '' u 1:6 w lp pi 12 lt LT_mujoco_implicit t 'MJ implicit', \
     '' u 1:7 w lp pi 12 lt LT_mujoco_rk4 t 'MJ RK4'
