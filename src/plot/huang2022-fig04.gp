# huang2022-fig04.gp: angular velocity of rod 2.
dat = 'data/huang2022-fig04.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 2,1
set lmargin at screen 0.14
set rmargin at screen 0.97
set xrange [0:50]
set format x ''
set ylabel '$\Omega_{2,1}$ (rad/s)'
set key top right horizontal maxcols 4 samplen 2 width 0
set offsets 0, 0, graph 0.5, 0
plot dat index 0 u 1:2 w l lt LT_ref lw 2.5 t 'reference', \
     '' index 0 u 1:3 w l lt LT_dh t 'DH', \
     '' index 0 u 1:4 w l lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:5 w l lt LT_galpha t 'gen.-$\alpha$'
set logscale y
set offsets 0, 0, 0, 0
set format y '$10^{%T}$'
set yrange [1e-8:10]
set ytics 1e-8, 100, 1
set format x '$%g$'
set xlabel '$t$ (s)'
set ylabel '$|\Omega_{2,1}-\Omega_{2,1}^{\mathrm{ref}}|$ / range'
set key bottom right horizontal maxcols 4
plot dat index 1 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 1 u 1:($3 + 1e-30) w l lt LT_rattlie t 'RATTLie', \
     '' index 1 u 1:($4 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$', \
     1e-2 w l lt LT_guide t '1\,\%'
unset multiplot
