# sun2022-fig26.gp: Fig. 26 of sun2022, p3d-cardan.
dat = 'data/sun2022-fig26.dat'
c1 = 2; c2 = 3; c3 = 4; LTS = LT_p3d_cardan
yt = 5; lab = '$\omega$ (rad/s)'; k1 = '$\omega_1$'; k2 = '$\omega_2$'; k3 = '$\omega_3$'
# two panels of a sun2022 3D pendulum figure.
# The caller sets dat, c1, c2, c3 (columns), lab (y label), yt (tic step), k1..k3 (keys), LTS.
# Fixed margins, so that every figure of the series has the same plot width
# whatever its key; the keys sit right of the panels.
set multiplot layout 2,1 margins 0.11,0.81,0.14,0.97 spacing 0,0.12
set key at screen 0.815, graph 1.0 left top samplen 1.5 maxrows 6
set ytics yt
set ylabel lab
set xrange [0:100]
set xtics 20
# the whole run holds hundreds of periods: thin lines keep the three
# components apart where they cross
plot dat index 0 using 1:c1 with lines lt LTS dt 1 lw 0.35 title k1, \
     '' index 0 using 1:c2 with lines lt LTS dt 2 lw 0.35 title k2, \
     '' index 0 using 1:c3 with lines lt LTS dt 3 lw 0.35 title k3
set xrange [95:100]
set xtics 1
set xlabel '$t$ (s)' offset 0,0.5
plot dat index 2 using 1:c1 with lines lt LTS dt 1 notitle, \
     '' index 2 using 1:c2 with lines lt LTS dt 2 notitle, \
     '' index 2 using 1:c3 with lines lt LTS dt 3 notitle, \
     '' index 3 using 1:c1 with lines lt LT_ref lw 0.6 title 'ref.', \
     '' index 3 using 1:c2 with lines lt LT_ref lw 0.6 notitle, \
     '' index 3 using 1:c3 with lines lt LT_ref lw 0.6 notitle, \
     '' index 4 using 1:c1 with lines lt LTS dt 4 lw 0.6 title k1.', $h_2$'
unset multiplot
