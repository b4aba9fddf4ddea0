# cmp-huang2022-spin.gp: spinning asymmetric double pendulum.
dat = 'data/cmp-huang2022-spin.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# one key naming the four schemes, in a row of its own above the panels; the
# left margin leaves room for the tick labels and the y label inside the page
set multiplot layout 2,1 margins 0.17,0.97,0.11,0.91 spacing 0,0.11
set logscale y
set format y '$10^{%T}$'
set yrange [1e-8:1]
set xrange [0:5]
set xlabel '$t$ (s)' offset 0,0.3
set ylabel '$\max_c|x_{2,c}-x_{2,c}^{\mathrm{ref}}|$ / range'
set key at screen 0.57,0.995 center top horizontal maxcols 4 samplen 2
plot dat index 0 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 0 u 1:($3 + 1e-30) w l lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_dl t 'DL'
set yrange [1e-17:1e3]
set ytics 1e-16, 100, 1
set xrange [0:50]
set ylabel '$\max_k|\dot\Phi_k|$ (m/s)'
unset key
plot dat index 1 u 1:($5 + 1e-30) w l lt LT_dl, \
     '' index 1 u 1:($4 + 1e-30) w l lt LT_galpha, \
     '' index 1 u 1:($2 + 1e-30) w l lt LT_dh, \
     '' index 1 u 1:($3 + 1e-30) w l lt LT_rattlie
unset multiplot
