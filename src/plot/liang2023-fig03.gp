# liang2023-fig03.gp: joint residuals of two bars at three levels, each scheme.
f = 'data/liang2023-fig03.dat'
set terminal cairolatex pdf standalone size 16cm,16cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 3,2
set logscale y
set format y '$10^{%T}$'
set xrange [0:10]
set yrange [1e-17:1e-3]
set ytics 1e-17, 100, 1e-3
set key top left horizontal samplen 2 width -2 font ',8'
lev = 'position velocity acceleration'
sym0 = '$|\Phi_k|$ (m)'
sym1 = '$|B_kV|$ (m/s)'
sym2 = '$|\dot B_kV+B_k\dot V|$ (m/s$^2$)'
do for [l=0:2] {
  do for [b=0:1] {
    set title sprintf('%s level, joints of bar %s', word(lev, l + 1), word('L30 T30', b + 1)) \
      offset 0,-0.6
    set ylabel (l == 0 ? sym0 : (l == 1 ? sym1 : sym2))
    if (l == 2) { set xlabel '$t$ (s)' } else { unset xlabel }
    c = 2 + 3 * b + l
    plot f index 0 u 1:(column(c) + 1e-30) w l lt LT_rkmk4 t 'rkmk4 (index 1)', \
         f index 1 u 1:(column(c) + 1e-30) w l lt LT_rkmk4_proj t 'rkmk4-proj (Eq.~24)', \
         f index 2 u 1:(column(c) + 1e-30) w l lt LT_imid_index2 t 'imid-index2'
    unset key
  }
}
unset multiplot
