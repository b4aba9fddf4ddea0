# liang2023-fig01.gp: one unit of the assumed mast.
f = 'data/liang2023-fig01.dat'
set terminal cairolatex pdf standalone size 14cm,7.5cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# two views side by side above a strip for the key; gnuplot drops the
# entries of a 3D plot's key that fall below its own area, so the key is
# drawn by an empty 2D plot over the whole canvas
set multiplot
unset grid
unset key
# scale 1.05, not more: the z tick labels of the left view stay on the page
set view 68, 25, 1.05
set view equal xyz
set xrange [-1.3:1.3]
set yrange [-1.3:1.3]
set zrange [-1.05:0.05]
set xtics 1 offset 0,-0.3
set ytics 1
set ztics 0.5
set format x '$%g$'
set format y '$%g$'
set format z '$%g$'
set xyplane at -1.05
# battens thick under thin longerons, so that the two stay apart in grey
set origin 0, 0.1; set size 0.5, 0.9
set title 'folded (as in the model file)' offset 0,-0.5
splot f index 0 every :::3::5 u 1:2:3 w l lt LT_comp2 dt 1 lw 5, \
      f index 0 every :::0::2 u 1:2:3 w lp lt LT_comp1 lw 1.5 pt 7 ps 0.5, \
      f index 2 every ::0::2 u 1:2:3 w p lt LT_mark
set origin 0.5, 0.1
set title 'deployed (twist 0, height 1)' offset 0,-0.5
splot f index 1 every :::3::5 u 1:2:3 w l lt LT_comp2 dt 1 lw 5, \
      f index 1 every :::0::2 u 1:2:3 w lp lt LT_comp1 lw 1.5 pt 7 ps 0.5, \
      f index 2 every ::0::2 u 1:2:3 w p lt LT_mark
# the key: one row below both views, naming all three kinds of curve
set origin 0, 0; set size 1, 1
unset title; unset tics; unset border; unset xlabel; unset ylabel
set xrange [0:1]; set yrange [0:1]
set key at screen 0.5, 0.07 center center horizontal maxrows 1 samplen 2 width 2
plot NaN w lp lt LT_comp1 lw 1.5 pt 7 ps 0.5 t 'longerons, $L_2=1$', \
     NaN w l lt LT_comp2 dt 1 lw 5 t 'battens, $L_1=2$', \
     NaN w p lt LT_mark t 'fixed points'
unset multiplot
