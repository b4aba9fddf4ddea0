# liang2023-fig01.gp: one unit of the assumed mast, folded and deployed.
f = 'data/liang2023-fig01.dat'
set terminal cairolatex pdf standalone size 14cm,7.5cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 1,2
unset grid
set view 68, 25, 1.3
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
set key at screen 0.5, 0.1 center bottom horizontal samplen 2
set title 'folded (as in the model file)' offset 0,-0.5
splot f index 0 every :::0::2 u 1:2:3 w lp lt LT_comp1 lw 2.5 pt 7 ps 0.5 t 'longerons, $L_2=1$', \
      f index 0 every :::3::5 u 1:2:3 w lp lt LT_comp2 lw 2.5 pt 7 ps 0.5 t 'battens, $L_1=2$', \
      f index 2 every ::0::2 u 1:2:3 w p lt LT_mark t 'fixed points'
set title 'deployed (twist 0, height 1)' offset 0,-0.5
unset key
splot f index 1 every :::0::2 u 1:2:3 w lp lt LT_comp1 lw 2.5 pt 7 ps 0.5, \
      f index 1 every :::3::5 u 1:2:3 w lp lt LT_comp2 lw 2.5 pt 7 ps 0.5, \
      f index 2 every ::0::2 u 1:2:3 w p lt LT_mark
unset multiplot
