# moiseev2024-fig02.gp: Cartesian variational integrator.
f = 'data/moiseev2024-fig02.dat'
set multiplot layout 1,2
set size ratio -1
set xlabel '$x$ (m)'
set ylabel '$y$ (m)'
# the key inside the circle, where no curve runs
set key center center
plot f index 1 u 1:2 w l lt LT_guide t '$|q|=l$', f index 0 u 2:3 w l lt LT_vi_cartesian t 'VI, spring'
set size noratio
set xlabel '$t$ (s)'
set ylabel '$|q|-l$ (m)'
unset key
plot f index 0 u 1:4 w l lt LT_vi_cartesian
unset multiplot
