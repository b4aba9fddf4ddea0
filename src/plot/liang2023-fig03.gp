# liang2023-fig03.gp: joint residuals at three levels.
f = 'data/liang2023-fig03.dat'
set terminal cairolatex pdf standalone size 16cm,16cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
# six panels at fixed places, and one key naming the three schemes in a row
# of its own above them, drawn by an empty plot as wide as the figure (a
# panel's key would be only as wide as its panel)
set multiplot
set logscale y
set format y '$10^{%T}$'
set xrange [0:10]
set yrange [1e-17:1e-3]
set ytics 1e-17, 100, 1e-3
unset key
lev = 'position velocity acceleration'
sym0 = '$|\Phi_k|$ (m)'
sym1 = '$|B_kV|$ (m/s)'
sym2 = '$|\dot B_kV+B_k\dot V|$ (m/s$^2$)'
# each scheme marked every second (M rows), at a phase of its own, so that
# curves of one level (all three at round-off in the acceleration panels)
# stay apart in grey
M = 100
do for [l=0:2] {
  do for [b=0:1] {
    set lmargin at screen (b == 0 ? 0.12 : 0.62); set rmargin at screen (b == 0 ? 0.49 : 0.99)
    set tmargin at screen (0.92 - 0.29 * l); set bmargin at screen (0.705 - 0.29 * l)
    set title sprintf('%s level, joints of bar %s', word(lev, l + 1), word('L30 T30', b + 1)) \
      offset 0,-0.6
    set ylabel (l == 0 ? sym0 : (l == 1 ? sym1 : sym2))
    if (l == 2) { set xlabel '$t$ (s)' } else { unset xlabel }
    c = 2 + 3 * b + l
    plot f index 0 u 1:(column(c) + 1e-30) w l lt LT_rkmk4, \
         f index 1 u 1:(column(c) + 1e-30) w l lt LT_rkmk4_proj, \
         f index 2 u 1:(column(c) + 1e-30) w l lt LT_imid_index2, \
         f index 0 every M::M/6 u 1:(column(c) + 1e-30) w p lt LT_rkmk4, \
         f index 1 every M::M/2 u 1:(column(c) + 1e-30) w p lt LT_rkmk4_proj, \
         f index 2 every M::5*M/6 u 1:(column(c) + 1e-30) w p lt LT_imid_index2
  }
}
set lmargin at screen 0.01; set rmargin at screen 0.99
set tmargin at screen 0.92; set bmargin at screen 0.125
unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid
unset logscale; set xrange [0:1]; set yrange [0:1]
set key at screen 0.5, 0.995 center top horizontal maxrows 1 samplen 2 width 2
plot NaN w lp lt LT_rkmk4 t 'rkmk4 (index 1)', NaN w lp lt LT_rkmk4_proj t 'rkmk4-proj (Eq.~24)', \
     NaN w lp lt LT_imid_index2 t 'imid-index2'
unset multiplot
