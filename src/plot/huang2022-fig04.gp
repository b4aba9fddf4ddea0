# huang2022-fig04.gp: angular velocity of rod 2.
dat = 'data/huang2022-fig04.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# The bottom panel draws the largest deviation over each second (W rows of
# index 1), marked with the scheme's point type: the three deviations share
# one band, which the marks keep apart in grey.  The windows of the three end
# at three phases, so that their marks do not fall on each other; up() keeps
# the largest value of the current window of column c, whose last rows are
# k mod W.
W = 50; m2 = m3 = m4 = 0
up(c, m, k) = (int($0) - k) % W == 1 || column(c) > m ? column(c) : m
last(k) = $0 > 0 && ((int($0) - k) % W == 0 || $0 == rows - 1)
stats dat index 1 u 1 nooutput; rows = STATS_records
set table $dh
plot dat index 1 u 1:(m2 = up(2, m2, 0)) w table if (last(0))
unset table
set table $rattlie
plot dat index 1 u 1:(m3 = up(3, m3, W/3)) w table if (last(W/3))
unset table
set table $galpha
plot dat index 1 u 1:(m4 = up(4, m4, 2*W/3)) w table if (last(2*W/3))
unset table
# the top panel marks each scheme every 2.5 s (N rows), at a phase of its own
N = 125
set multiplot layout 2,1
set lmargin at screen 0.14
set rmargin at screen 0.97
set xrange [0:50]
set format x ''
set ylabel '$\Omega_{2,1}$ (rad/s)'
set key top right horizontal maxcols 4 samplen 2 width 0
set offsets 0, 0, graph 0.5, 0
plot dat index 0 u 1:2 w l lt LT_ref lw 2.5 t 'reference', \
     '' index 0 u 1:3 w l lt LT_dh notitle, \
     '' index 0 u 1:4 w l lt LT_rattlie notitle, \
     '' index 0 u 1:5 w l lt LT_galpha notitle, \
     '' index 0 every N::N/6 u 1:3 w p lt LT_dh notitle, \
     '' index 0 every N::N/2 u 1:4 w p lt LT_rattlie notitle, \
     '' index 0 every N::5*N/6 u 1:5 w p lt LT_galpha notitle, \
     NaN w lp lt LT_dh t 'DH', NaN w lp lt LT_rattlie t 'RATTLie', \
     NaN w lp lt LT_galpha t 'gen.-$\alpha$'
set logscale y
set offsets 0, 0, 0, 0
set format y '$10^{%T}$'
set yrange [1e-8:10]
set ytics 1e-8, 100, 1
set format x '$%g$'
set xlabel '$t$ (s)'
set ylabel '$|\Omega_{2,1}-\Omega_{2,1}^{\mathrm{ref}}|$ / range'
set key bottom right horizontal maxcols 4 width 2
plot $dh u 1:2 w lp lt LT_dh t 'DH', \
     $rattlie u 1:2 w lp lt LT_rattlie t 'RATTLie', \
     $galpha u 1:2 w lp lt LT_galpha t 'gen.-$\alpha$', \
     1e-2 w l lt LT_guide t '1\,\%'
unset multiplot
