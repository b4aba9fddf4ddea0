# liang2023-fig04.gp: orthogonality error of the two monitored bars.
f = 'data/liang2023-fig04.dat'
g = 'data/liang2023-fig03.dat'
set terminal cairolatex pdf standalone size 16cm,7cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 1,2
set logscale y
set format y '$10^{%T}$'
set xrange [0:10]
set yrange [1e-17:1e-11]
set xlabel '$t$ (s)'
set ylabel '$\|R^{\mathsf T}R-I\|_F$'
set key at graph 0.02, 0.98 left top samplen 2 font ',8' opaque
do for [b=0:1] {
  set title sprintf('bar %s', word('L30 T30', b + 1)) offset 0,-0.6
  plot f index 0 u 1:(column(2 + b) + 1e-30) w l lt LT_rkmk4 t 'rkmk4 (claims run)', \
       g index 1 u 1:(column(8 + b) + 1e-30) w l lt LT_rkmk4_proj t 'rkmk4-proj', \
       g index 2 u 1:(column(8 + b) + 1e-30) w l lt LT_imid_index2 t 'imid-index2', \
       1e-12 w l lt LT_guide t 'claim bar $10^{-12}$'
  unset key
}
unset multiplot
