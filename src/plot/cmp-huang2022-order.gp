# cmp-huang2022-order.gp: double pendulum, errors against the step.
dat = 'data/cmp-huang2022-order.dat'
set terminal cairolatex pdf standalone size 12cm,14cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 3,1
set lmargin at screen 0.14
set rmargin at screen 0.97
set logscale xy
set format y '$10^{%T}$'
set format x '$10^{%T}$'
set xrange [2.5e-4:1.2e-2]
set key top left horizontal maxcols 4 samplen 2 width 0
set ylabel 'error in $(R,x)$ at $t=1$'
set label 1 "huang2022's double pendulum" at graph 0.98, 0.1 right
plot dat index 0 u 1:2 w lp lt LT_dh t 'DH', \
     '' index 0 u 1:4 w lp lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:6 w lp lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:8 w lp lt LT_dl t 'DL', \
     '' index 0 u 1:(0.05 * $1**2) w l lt LT_guide t '$h^2$'
set label 1 'spinning, asymmetric rod 2'
plot dat index 1 u 1:2 w lp lt LT_dh t 'DH', \
     '' index 1 u 1:4 w lp lt LT_rattlie t 'RATTLie', \
     '' index 1 u 1:6 w lp lt LT_galpha t 'gen.-$\alpha$', \
     '' index 1 u 1:8 w lp lt LT_dl t 'DL', \
     '' index 1 u 1:(1.3e3 * $1**2) w l lt LT_guide t '$h^2$'
set label 1 "huang2022's double pendulum"
set xlabel '$h$ (s)'
set ylabel '$\max_{t\le10}|E-E_0|$ (J)'
# two columns, clear of generalized-alpha's curve at the right
set key maxcols 2
plot dat index 2 u 1:2 w lp lt LT_dh t 'DH', \
     '' index 2 u 1:3 w lp lt LT_rattlie t 'RATTLie', \
     '' index 2 u 1:4 w lp lt LT_galpha t 'gen.-$\alpha$', \
     '' index 2 u 1:5 w lp lt LT_dl t 'DL'
unset multiplot
