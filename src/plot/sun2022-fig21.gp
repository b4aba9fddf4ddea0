# sun2022-fig21.gp: attitude, Eq. 78.
dat = 'data/sun2022-fig21.dat'
c1 = 14; c2 = 15; c3 = 16; both = 0
yt = 0.5; lab = '$\Gamma=R^Te_3$'; k1 = '$\Gamma_1$'; k2 = '$\Gamma_2$'; k3 = '$\Gamma_3$'
# two panels of a sun2022 3D pendulum figure.
# The caller sets dat, c1, c2, c3 (columns), lab (y label), yt (tic step),
# k1..k3 (keys), and both = 1 to draw the second step in full, with the keys s1, s2.
# Fixed margins, so that every figure of the series has the same plot width
# whatever its key; the keys sit right of the panels.
col(i) = i == 1 ? c1 : (i == 2 ? c2 : c3)
key(i) = i == 1 ? k1 : (i == 2 ? k2 : k3)
clt(i) = i == 1 ? LT_comp1 : (i == 2 ? LT_comp2 : LT_comp3)
set multiplot layout 2,1 margins 0.11,0.81,0.14,0.97 spacing 0,0.12
set key at screen 0.815, graph 1.0 left top samplen 1.5 maxrows 6
set ytics yt
# the label close to the tics: beside labels such as -0.5 the default
# offset puts it off the canvas of the fixed margin
set ylabel lab offset 1.5,0
set xrange [0:100]
set xtics 20
# the band each component sweeps in windows of 2 s; the second step as its edges.
# Each band is hatched in its own direction (patterns 4, 5 and 1 of the cairo
# terminals), so that the three stay apart in grey print, where the colours
# of the components are close greys.
set style fill transparent pattern 4 noborder
pat(i) = i == 1 ? 4 : (i == 2 ? 5 : 1)
if (both) {
  plot for [i=1:3] dat index 11 using 1:(column(col(i))):(column(col(i) + 15)) \
         with filledcurves lt clt(i) fs transparent pattern pat(i) noborder title key(i), \
       for [i=1:3] '' index 11 using 1:(column(col(i))) with lines lt clt(i) lw 0.8 notitle, \
       for [i=1:3] '' index 11 using 1:(column(col(i) + 15)) with lines lt clt(i) lw 0.8 notitle, \
       for [i=1:3] '' index 12 using 1:(column(col(i))) with lines lt clt(i) dt 3 notitle, \
       for [i=1:3] '' index 12 using 1:(column(col(i) + 15)) with lines lt clt(i) dt 3 notitle, \
       NaN with lines lt LT_guide dt 1 lw 1.2 title s1, \
       NaN with lines lt LT_guide dt 3 lw 1.2 title s2
} else {
  plot for [i=1:3] dat index 11 using 1:(column(col(i))):(column(col(i) + 15)) \
         with filledcurves lt clt(i) fs transparent pattern pat(i) noborder title key(i), \
       for [i=1:3] '' index 11 using 1:(column(col(i))) with lines lt clt(i) lw 0.8 notitle, \
       for [i=1:3] '' index 11 using 1:(column(col(i) + 15)) with lines lt clt(i) lw 0.8 notitle
}
set xrange [95:100]
set xtics 1
set xlabel '$t$ (s)' offset 0,0.5
plot for [i=1:3] dat index 2 using 1:(column(col(i))) with lines lt clt(i) notitle, \
     for [i=1:3] '' index 3 using 1:(column(col(i))) with lines lt LT_ref lw 0.6 \
       title (i == 1 ? 'ref.' : ''), \
     for [i=1:(both ? 3 : 1)] '' index 4 using 1:(column(col(i))) with lines lt clt(i) dt 3 \
       lw 0.8 title (both ? '' : k1.', $h_2$')
unset multiplot
