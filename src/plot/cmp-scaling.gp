# cmp-scaling.gp: instructions per step against the number of rods.
dat = 'data/cmp-scaling.dat'
set terminal cairolatex pdf standalone size 15cm,6.5cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 1,2
set logscale xy
set format x '$%g$'
set format y '$10^{%T}$'
set xrange [3:80]
set yrange [1e4:1e8]
set xlabel 'rods $N$'
set ylabel 'instructions per step'
set key top left samplen 2 width -2 maxrows 5
do for [t = 0:1] {
  set title (t == 0 ? 'chain' : 'binary tree')
  plot dat index t u 1:2 w lp lt LT_ref t 'reference', \
       '' index t u 1:3 w lp lt LT_dh t 'DH', \
       '' index t u 1:4 w lp lt LT_rattlie t 'RATTLie', \
       '' index t u 1:5 w lp lt LT_dl t 'DL', \
       '' index t u 1:6 w lp lt LT_galpha t 'gen.-$\alpha$', \
       '' index t u 1:7 w lp lt LT_rkmk4 t 'RKMK4', \
       '' index t u 1:8 w lp lt LT_rkmk4_proj t 'RKMK4-proj', \
       '' index t u 1:9 w lp lt LT_imid_index2 t 'imid', \
       '' index t u 1:(2e4 * $1) w l lt LT_guide t '$\propto N$'
  unset key
}
unset multiplot
