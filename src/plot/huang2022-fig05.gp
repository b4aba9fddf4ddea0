# huang2022-fig05.gp: energy error.
dat = 'data/huang2022-fig05.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# Panel (a) draws, for each scheme, the value of largest modulus in each second
# (W rows of index 0), at the time it occurs: one marked point per second, so
# that the three schemes' dips stay apart in grey; pick() keeps the extreme of
# the current window in e, at time te.
W = 50; e = 0; te = 0
pick(y) = (int($0) % W == 1 || abs(y) > abs(e) ? (e = y, te = $1) : 0, te)
set table $dh
plot dat index 0 u (pick($2)):(e) w table if (int($0) % W == 0)
unset table
set table $rattlie
plot dat index 0 u (pick($3)):(e) w table if (int($0) % W == 0)
unset table
set table $galpha
plot dat index 0 u (pick($4)):(e) w table if (int($0) % W == 0)
unset table
# one key naming the three schemes, in a row of its own above the panels
set multiplot layout 2,1 margins 0.14,0.97,0.11,0.92 spacing 0,0.11
set ylabel '$E-E_0$ (J)'
set yrange [-0.4:0.3]
set xrange [0:50]
set key at screen 0.555,0.995 center top horizontal maxcols 3 samplen 2
set label 1 '(a)' at graph 0.02, 0.9
plot $galpha u 1:2 w lp lt LT_galpha t 'gen.-$\alpha$', \
     $dh u 1:2 w lp lt LT_dh t 'DH', \
     $rattlie u 1:2 w lp lt LT_rattlie t 'RATTLie'
set xrange [7.5:10]
set xlabel '$t$ (s)' offset 0,0.3
set label 1 '(b)'
unset key
# every step, the bottom of each dip (a local minimum below -0.01 J) marked:
# bottom() looks one row back, keeping the last two values in y1, y2
bottom(y) = ($0 == 0 ? (y1 = y2 = y, t1 = $1) : 0, \
             b = y1 < y2 && y1 <= y && y1 < -0.01 ? y1 : NaN, tb = t1, \
             y2 = y1, y1 = y, t1 = $1, tb)
plot dat index 1 u 1:4 w l lt LT_galpha, \
     '' index 1 u 1:2 w l lt LT_dh, \
     '' index 1 u 1:3 w l lt LT_rattlie, \
     '' index 1 u (bottom($4)):(b) w p lt LT_galpha, \
     '' index 1 u (bottom($2)):(b) w p lt LT_dh, \
     '' index 1 u (bottom($3)):(b) w p lt LT_rattlie
unset multiplot
