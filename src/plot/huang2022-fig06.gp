# huang2022-fig06.gp: orthogonality error of both rods.
dat = 'data/huang2022-fig06.dat'
set terminal cairolatex pdf standalone size 12cm,9cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# Each curve is the largest value over each 2 s (W rows of index 0),
# marked: the three schemes wander at one level, and the marks, of a type per
# scheme, show in grey that all three are there.  The windows of the three
# end at three phases, so that their marks do not fall on each other; up()
# keeps the largest value of the current window of column c, whose last rows
# are k mod W.
W = 100; m2 = m3 = m4 = m5 = m6 = m7 = 0
up(c, m, k) = (int($0) - k) % W == 1 || column(c) > m ? column(c) : m
last(k) = $0 > 0 && ((int($0) - k) % W == 0 || $0 == rows - 1)
stats dat index 0 u 1 nooutput; rows = STATS_records
set table $dh
plot dat index 0 u 1:(m2 = up(2, m2, 0)):(m3 = up(3, m3, 0)) w table if (last(0))
unset table
set table $rattlie
plot dat index 0 u 1:(m4 = up(4, m4, W/3)):(m5 = up(5, m5, W/3)) w table if (last(W/3))
unset table
set table $galpha
plot dat index 0 u 1:(m6 = up(6, m6, 2*W/3)):(m7 = up(7, m7, 2*W/3)) w table if (last(2*W/3))
unset table
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
plot $dh u 1:2 w lp lt LT_dh t 'DH', \
     $rattlie u 1:2 w lp lt LT_rattlie t 'RATTLie', \
     $galpha u 1:2 w lp lt LT_galpha t 'gen.-$\alpha$'
unset key
set format x '$%g$'
set xlabel '$t$ (s)'
set label 1 'rod 2'
set ylabel '$\|I-R_2R_2^{\mathsf T}\|_F$'
plot $dh u 1:3 w lp lt LT_dh, \
     $rattlie u 1:3 w lp lt LT_rattlie, \
     $galpha u 1:3 w lp lt LT_galpha
unset multiplot
