# liang2023-fig04.gp: orthogonality error of two bars.
f = 'data/liang2023-fig04.dat'
g = 'data/liang2023-fig03.dat'
set terminal cairolatex pdf standalone size 16cm,7cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# two panels at fixed places, and one key naming the three schemes and the
# claim in a row of its own above them, drawn by an empty plot as wide as the
# figure (a panel's key would be only as wide as its panel)
set multiplot
set logscale y
set format y '$10^{%T}$'
set xrange [0:10]
set yrange [1e-17:1e-11]
set xlabel '$t$ (s)'
set ylabel '$\|R^{\mathsf T}R-I\|_F$'
set tmargin at screen 0.72; set bmargin at screen 0.18
unset key
# each scheme marked every second (M rows), at a phase of its own, so that
# the three curves, at one level, stay apart in grey
M = 100
do for [b=0:1] {
  set lmargin at screen (b == 0 ? 0.12 : 0.62); set rmargin at screen (b == 0 ? 0.49 : 0.99)
  set title sprintf('bar %s', word('L30 T30', b + 1)) offset 0,-0.6
  plot f index 0 u 1:(column(2 + b) + 1e-30) w l lt LT_rkmk4, \
       g index 1 u 1:(column(8 + b) + 1e-30) w l lt LT_rkmk4_proj, \
       g index 2 u 1:(column(8 + b) + 1e-30) w l lt LT_imid_index2, \
       f index 0 every M::M/6 u 1:(column(2 + b) + 1e-30) w p lt LT_rkmk4, \
       g index 1 every M::M/2 u 1:(column(8 + b) + 1e-30) w p lt LT_rkmk4_proj, \
       g index 2 every M::5*M/6 u 1:(column(8 + b) + 1e-30) w p lt LT_imid_index2, \
       1e-12 w l lt LT_guide
}
set lmargin at screen 0.01; set rmargin at screen 0.99
unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid
unset logscale; set xrange [0:1]; set yrange [0:1]
set key at screen 0.5, 0.995 center top horizontal maxrows 1 samplen 2 width 2
plot NaN w lp lt LT_rkmk4 t 'rkmk4 (claims run)', NaN w lp lt LT_rkmk4_proj t 'rkmk4-proj', \
     NaN w lp lt LT_imid_index2 t 'imid-index2', NaN w l lt LT_guide t 'claim bar $10^{-12}$'
unset multiplot
