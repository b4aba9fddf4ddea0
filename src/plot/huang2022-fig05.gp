# huang2022-fig05.gp: energy error.
dat = 'data/huang2022-fig05.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# one key naming the three schemes, in a row of its own above the panels
set multiplot layout 2,1 margins 0.14,0.97,0.11,0.92 spacing 0,0.11
set ylabel '$E-E_0$ (J)'
set yrange [-0.4:0.3]
set xrange [0:50]
set key at screen 0.555,0.995 center top horizontal maxcols 3 samplen 2
set label 1 '(a)' at graph 0.02, 0.9
plot dat index 0 u 1:4 w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:2 w l lt LT_dh t 'DH', \
     '' index 0 u 1:3 w l lt LT_rattlie t 'RATTLie'
set xrange [7.5:10]
set xlabel '$t$ (s)' offset 0,0.3
set label 1 '(b)'
unset key
plot dat index 1 u 1:4 w l lt LT_galpha, \
     '' index 1 u 1:2 w l lt LT_dh, \
     '' index 1 u 1:3 w l lt LT_rattlie
unset multiplot
