# huang2022-fig07.gp: velocity-constraint violation at joint A.
dat = 'data/huang2022-fig07.dat'
# Each curve is the largest value over each 2 s (W rows of index 0),
# marked: curves of one level share a band, and the marks, of a type per
# scheme, show in grey which schemes it holds.  The windows of RATTLie and
# generalized-alpha end a second after those of DH and DL, so that the
# marks of two schemes at one level do not fall on each other; up() keeps the
# largest value of the current window of column c, whose last rows are k mod W.
W = 100; m2 = m3 = m4 = m5 = m6 = 0
up(c, m, k) = (int($0) - k) % W == 1 || column(c) > m ? column(c) : m
last(k) = $0 > 0 && ((int($0) - k) % W == 0 || $0 == rows - 1)
stats dat index 0 u 1 nooutput; rows = STATS_records
set table $env0
plot dat index 0 u 1:(m2 = up(2, m2, 0)):(m5 = up(5, m5, 0)):(m6 = up(6, m6, 0)) w table if (last(0))
unset table
set table $env1
plot dat index 0 u 1:(m3 = up(3, m3, W/2)):(m4 = up(4, m4, W/2)) w table if (last(W/2))
unset table
set logscale y
set format y '$10^{%T}$'
set yrange [1e-17:1e3]
set ytics 1e-16, 100, 1
set xrange [0:50]
set xlabel '$t$ (s)'
set ylabel '$|\dot\Phi_A|$ (m/s)'
# the key in the empty decades between the levels, clear of the curves
set key at graph 0.5, graph 0.42 center center horizontal maxrows 2 samplen 2 width 1 opaque
plot $env0 u 1:4 w l lt LT_dl dt 1 lw 0.8 t 'DL, one-sided $p^-$', \
     '' u 1:3 w lp lt LT_dl t 'DL', \
     $env1 u 1:3 w lp lt LT_galpha t 'gen.-$\alpha$', \
     $env0 u 1:2 w lp lt LT_dh t 'DH', \
     $env1 u 1:2 w lp lt LT_rattlie t 'RATTLie'
