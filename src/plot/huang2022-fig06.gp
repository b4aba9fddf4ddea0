# huang2022-fig06.gp: orthogonality error of both rods.
dat = 'data/huang2022-fig06.dat'
set terminal cairolatex pdf standalone size 12cm,9cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# one key naming the three schemes, in a row of its own above the panels
set multiplot layout 2,1 margins 0.17,0.97,0.12,0.89 spacing 0,0.05
set logscale y
set format y '$10^{%T}$'
set yrange [1e-17:1e-12]
set ytics 1e-16,10
set xrange [0:50]
set format x ''
set key at screen 0.55,0.995 center top horizontal samplen 2
set label 1 'rod 1' at graph 0.02, graph 0.86
set ylabel '$\|I-R_1R_1^{\mathsf T}\|_F$'
plot dat index 0 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_rattlie t 'RATTLie', \
     '' index 0 u 1:($6 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$'
unset key
set format x '$%g$'
set xlabel '$t$ (s)'
set label 1 'rod 2'
set ylabel '$\|I-R_2R_2^{\mathsf T}\|_F$'
plot dat index 0 u 1:($3 + 1e-30) w l lt LT_dh, \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_rattlie, \
     '' index 0 u 1:($7 + 1e-30) w l lt LT_galpha
unset multiplot
