# cmp-huang2022-spin.gp: the spinning double pendulum: error and velocity constraint.
dat = 'data/cmp-huang2022-spin.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 2,1
set lmargin at screen 0.14
set rmargin at screen 0.97
set logscale y
set format y '$10^{%T}$'
set yrange [1e-8:1]
set xrange [0:5]
set xlabel '$t$ (s)'
set ylabel '$\max_c|x_{2,c}-x_{2,c}^{\mathrm{ref}}|$ / range'
set key bottom right horizontal maxcols 4 samplen 2 width -2
plot dat index 0 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 0 u 1:($3 + 1e-30) w l lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_dl t 'DL'
set yrange [1e-17:1e3]
set ytics 1e-16, 100, 1
set xrange [0:50]
set ylabel '$\max_k|\dot\Phi_k|$ (m/s)'
set key top left
plot dat index 1 u 1:($5 + 1e-30) w l lt LT_dl t 'DL', \
     '' index 1 u 1:($4 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 1 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 1 u 1:($3 + 1e-30) w l lt LT_rattlie t 'RATTLie'
unset multiplot
