# cmp-longtime-moiseev.gp: fast heavy top, invariants over 1e6 steps.
f = 'data/cmp-longtime-moiseev.dat'
set terminal cairolatex pdf standalone size 15cm,6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
names = system("sed -n 's/^# block scheme \\([^ ]*\\).*/\\1/p' ".f." | tr '\\n' ' '")
lts = system("sed -n 's/^# block scheme \\([^ ]*\\).*/\\1/p' ".f." | tr '-' '_' | tr '\\n' ' '")
lt(k) = exists('LT_'.word(lts, k)) ? value('LT_'.word(lts, k)) : 1
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$t$ (s)'
set xtics 100
set ytics 1e-16,1e4
set yrange [1e-17:1e4]
# three panels side by side, and one key for them in a row of its own above,
# drawn by an empty plot as wide as the three (a panel's key would be only
# as wide as its panel)
set multiplot
set bmargin at screen 0.21; set tmargin at screen 0.70
unset key
set lmargin at screen 0.09; set rmargin at screen 0.35
set title '$|E-E_0|/|E_0|$'
# six schemes: the points (every 250th sample) keep them apart in grey
plot for [k=1:words(names)] f index (k-1) u 1:($2+1e-17) w lp pi 250 lt lt(k)
set lmargin at screen 0.405; set rmargin at screen 0.665
set title '$|L_{\mathrm{vert}}-L_{\mathrm{vert},0}|$ (kg\,m$^2$/s)'
plot for [k=1:words(names)] f index (k-1) u 1:($3+1e-17) w lp pi 250 lt lt(k)
set lmargin at screen 0.72; set rmargin at screen 0.98
set title '$\|I-RR^{\mathsf T}\|_F$'
plot for [k=1:words(names)] f index (k-1) u 1:($4+1e-17) w lp pi 250 lt lt(k)
set lmargin at screen 0.01; set rmargin at screen 0.99
unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid
unset logscale; set xrange [0:1]; set yrange [0:1]
set key at screen 0.5, 0.995 center top horizontal maxrows 1 samplen 2 width 1
plot for [k=1:words(names)] NaN w lp lt lt(k) t word(names, k)
unset multiplot
