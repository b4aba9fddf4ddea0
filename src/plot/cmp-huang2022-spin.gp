# cmp-huang2022-spin.gp: spinning asymmetric double pendulum.
dat = 'data/cmp-huang2022-spin.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# The bottom panel draws the largest value over each 2 s (W rows of index 1),
# marked: DH and RATTLie share one level, DL and generalized-alpha another, and
# the marks, of a type per scheme, show in grey which schemes a level holds.
# The windows of RATTLie and generalized-alpha end a second after those of DH
# and DL, so that the marks of one level do not fall on each other; up() keeps
# the largest value of the current window of column c, whose last rows are
# k mod W.
W = 100; m2 = m3 = m4 = m5 = 0
up(c, m, k) = (int($0) - k) % W == 1 || column(c) > m ? column(c) : m
last(k) = $0 > 0 && ((int($0) - k) % W == 0 || $0 == rows - 1)
stats dat index 1 u 1 nooutput; rows = STATS_records
set table $env0
plot dat index 1 u 1:(m2 = up(2, m2, 0)):(m5 = up(5, m5, 0)) w table if (last(0))
unset table
set table $env1
plot dat index 1 u 1:(m3 = up(3, m3, W/2)):(m4 = up(4, m4, W/2)) w table if (last(W/2))
unset table
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
# the top panel marks each scheme every 0.5 s (N rows), at a phase of its own,
# since DH and DL, one map on positions, draw one curve
N = 100
plot dat index 0 u 1:($2 + 1e-30) w l lt LT_dh notitle, \
     '' index 0 u 1:($3 + 1e-30) w l lt LT_rattlie notitle, \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_galpha notitle, \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_dl notitle, \
     '' index 0 every N::N/8 u 1:($2 + 1e-30) w p lt LT_dh notitle, \
     '' index 0 every N::3*N/8 u 1:($3 + 1e-30) w p lt LT_rattlie notitle, \
     '' index 0 every N::5*N/8 u 1:($4 + 1e-30) w p lt LT_galpha notitle, \
     '' index 0 every N::7*N/8 u 1:($5 + 1e-30) w p lt LT_dl notitle, \
     NaN w lp lt LT_dh t 'DH', NaN w lp lt LT_rattlie t 'RATTLie', \
     NaN w lp lt LT_galpha t 'gen.-$\alpha$', NaN w lp lt LT_dl t 'DL'
set yrange [1e-17:1e3]
set ytics 1e-16, 100, 1
set xrange [0:50]
set ylabel '$\max_k|\dot\Phi_k|$ (m/s)'
unset key
plot $env0 u 1:3 w lp lt LT_dl, \
     $env1 u 1:3 w lp lt LT_galpha, \
     $env0 u 1:2 w lp lt LT_dh, \
     $env1 u 1:2 w lp lt LT_rattlie
unset multiplot
