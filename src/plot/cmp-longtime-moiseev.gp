# cmp-longtime-moiseev: energy, vertical momentum and orthogonality over 1e6 steps
f = 'data/cmp-longtime-moiseev.dat'
set terminal cairolatex pdf standalone size 15cm,6cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
names = system("sed -n 's/^# block scheme \\([^ ]*\\).*/\\1/p' ".f." | tr '\\n' ' '")
lts = system("sed -n 's/^# block scheme \\([^ ]*\\).*/\\1/p' ".f." | tr '-' '_' | tr '\\n' ' '")
lt(k) = exists('LT_'.word(lts, k)) ? value('LT_'.word(lts, k)) : 1
set multiplot layout 1,3
set logscale xy
set format x '$10^{%T}$'
set format y '$10^{%T}$'
set xlabel '$t$ (s)'
set xtics 100
set ytics 1e-16,1e4
set yrange [1e-17:1e4]
set key top right spacing 1.0 samplen 2 font ',7'
set title '$|E-E_0|/|E_0|$'
plot for [k=1:words(names)] f index (k-1) u 1:($2+1e-17) w l lt lt(k) \
     t '\texttt{'.word(names, k).'}'
unset key
set title '$|L_{\mathrm{vert}}-L_{\mathrm{vert},0}|$ (kg\,m$^2$/s)'
plot for [k=1:words(names)] f index (k-1) u 1:($3+1e-17) w l lt lt(k)
set title '$\|I-RR^{\mathsf T}\|_F$'
plot for [k=1:words(names)] f index (k-1) u 1:($4+1e-17) w l lt lt(k)
unset multiplot
