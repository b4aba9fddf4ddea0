# cmp-liang2023-order.gp: mast, orders and constraint drift.
f = 'data/cmp-liang2023-order.dat'
set terminal cairolatex pdf standalone size 16cm,7.5cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 1,2
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$h$ (s)'
set ylabel 'error at $t=0.5$\,s'
# each key in the empty part of its panel, clear of the curves
set key bottom right samplen 1 width -1 font ',8'
set title 'solid: $(x,R)$, dashed: $(\Omega,v)$' offset 0,-0.6
plot f index 0 u 1:2 w lp lt LT_rkmk4 dt 1 t 'rkmk4', '' index 0 u 1:3 w lp lt LT_rkmk4 dt 2 \
  notitle, \
     f index 0 u 1:4 w lp lt LT_rkmk4_proj dt 1 t 'rkmk4-proj', '' index 0 u 1:5 w lp lt \
       LT_rkmk4_proj dt 2 notitle, \
     f index 0 u 1:6 w lp lt LT_imid_index2 dt 1 t 'imid-index2', '' index 0 u 1:7 w lp lt \
       LT_imid_index2 dt 2 notitle
set title 'largest residual over 10\,s' offset 0,-0.6
# the key in the empty band between the two groups of points
set key at graph 0.03, graph 0.5 left top vertical
set ylabel 'residual'
set xrange [4e-4:2.5e-3]
set yrange [1e-16:1e-3]
plot f index 1 u 1:2 w lp lt LT_rkmk4 dt 1 t 'rkmk4 $|\Phi|$ (m)', '' index 1 u 1:3 w lp lt \
  LT_rkmk4 dt 2 t 'rkmk4 $|BV|$ (m/s)', \
     f index 1 u 1:5 w lp lt LT_rkmk4_proj dt 1 t 'rkmk4-proj $|\Phi|$', '' index 1 u 1:6 w lp \
       lt LT_rkmk4_proj dt 2 t 'rkmk4-proj $|BV|$'
unset multiplot
