# cmp-work-precision-moiseev.gp: moiseev2024 pendulum, work against precision.
f = 'data/cmp-work-precision-moiseev.dat'
set terminal cairolatex pdf standalone size 15cm,7cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
blk = "sed -n 's/^# block scheme \\([^ ]*\\) .*/\\1/p' ".f
names = system(blk." | tr '-' '_' | tr '\\n' ' '")
labels = system("sed -n 's/^# block .* label \\([^ ]*\\) .*/\\1/p' ".f." | tr '\\n' ' '")
lt(k) = exists('LT_'.word(names, k)) ? value('LT_'.word(names, k)) : 1
set multiplot layout 1,2
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel 'instructions'
set ylabel 'error at $t=T$'
# the key right of the error panel, clear of every curve
set key outside right top vertical spacing 1.0 samplen 2
set size 0.66,1
plot for [k=1:words(names)] f index (k-1) u 5:6 w lp lt lt(k) t '\texttt{'.word(labels, k).'}'
set origin 0.66,0
set size 0.34,1
set xlabel '$h$ (s)'
set ylabel 'Newton iterations per step'
unset logscale y
set format y '$%g$'
set yrange [0:*]
unset key
plot for [k=1:words(names)] f index (k-1) u 2:($3 > 0 ? $3 : 1/0) w lp lt lt(k)
unset multiplot
