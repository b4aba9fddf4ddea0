# liang2023-fig02.gp: the mast deploying.
f = 'data/liang2023-fig02.dat'
set terminal cairolatex pdf standalone size 16cm,12cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 2,3
unset grid
# scale 1.1, not more: the z tick labels of the left column stay on the page
# and each title stays above its mast
set view 75, 30, 1.1
set view equal xyz
set xrange [-1.3:1.3]
set yrange [-1.3:1.3]
set zrange [-3.1:0.1]
set xtics 1 offset 0,-0.3
set ytics 1
set ztics 1
set format x '$%g$'
set format y '$%g$'
set format z '$%g$'
set xyplane at -3.1
# the bars solid: a dashed line in a 3D plot of this terminal leaves a dark
# trace of its gaps; so the battens are told from the longerons in grey by
# width, thick under thin
unset key
do for [s=0:4] {
  set title sprintf('$t=%s$\,s', word('0 0.2 0.4 0.55 0.7', s + 1)) offset 0,0.5
  splot for [k=0:2] f index s every :::(6*k+3)::(6*k+5) u 1:2:3 w l lt LT_comp2 dt 1 lw 4.5, \
        for [k=0:2] f index s every :::(6*k)::(6*k+2) u 1:2:3 w l lt LT_comp1 lw 1.2
}
unset title
set size square
set xrange [0:10]
set yrange [-3.2:-1]
set xtics 2
set ytics 0.5
set grid
set xlabel '$t$ (s)'
set ylabel 'lowest bar midpoint $z$ (m)' offset 1,0
plot f index 5 u 1:2 w l lt LT_rkmk4 dt 1 lw 1.2, -3 w l lt LT_guide
unset multiplot
