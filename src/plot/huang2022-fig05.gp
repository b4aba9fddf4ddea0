# huang2022-fig05.gp: energy of DH, RATTLie and generalized-alpha, (a) 0-50 s, (b) 7.5-10 s.
dat = 'data/huang2022-fig05.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 2,1
set lmargin at screen 0.14
set rmargin at screen 0.97
set ylabel '$E-E_0$ (J)'
set yrange [-0.4:0.3]
set xrange [0:50]
set key bottom right horizontal maxcols 3 samplen 2 width -2
set label 1 '(a)' at graph 0.02, 0.9
plot dat index 0 u 1:4 w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:2 w l lt LT_dh t 'DH', \
     '' index 0 u 1:3 w l lt LT_rattlie t 'RATTLie'
set xrange [7.5:10]
set xlabel '$t$ (s)'
set label 1 '(b)'
plot dat index 1 u 1:4 w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 1 u 1:2 w l lt LT_dh t 'DH', \
     '' index 1 u 1:3 w l lt LT_rattlie t 'RATTLie'
unset multiplot
