# cmp-lgvi-longrun.gp: LGVI invariants over 1e6 steps.
f = 'data/cmp-lgvi-longrun.dat'
# three panels on a common y axis (labelled once, on the left); one key for
# all three in a row above them
set multiplot
# the bottom margin keeps the x labels on the page
set bmargin at screen 0.17; set tmargin at screen 0.74
set lmargin at screen 0.10; set rmargin at screen 0.3767
set logscale y
set format y "$10^{%T}$"
set format x "$%g$"
set xrange [0:10000]
set xtics 0,4000,8000
set ytics 1e-16,1e4
set xlabel '$t$ (s)'
unset key
set title '$|\Delta E|$'
set yrange [1e-17:10]
plot f index 0 u 1:(abs($2)+1e-17) w l lt LT_lgvi_exp, f index 1 u 1:(abs($2)+1e-17) w l lt \
  LT_rk4, \
     f index 2 u 1:(abs($2)+1e-17) w l lt LT_lgvi_cayley, f index 3 u 1:(abs($2)+1e-17) w l lt \
       LT_rk3
set format y ""
set lmargin at screen 0.4017; set rmargin at screen 0.6783
set title '$|\Delta L_{\mathrm{vert}}|$'
plot f index 0 u 1:(abs($3)+1e-17) w l lt LT_lgvi_exp, f index 1 u 1:(abs($3)+1e-17) w l lt \
  LT_rk4, \
     f index 2 u 1:(abs($3)+1e-17) w l lt LT_lgvi_cayley, f index 3 u 1:(abs($3)+1e-17) w l lt \
       LT_rk3
set lmargin at screen 0.7033; set rmargin at screen 0.98
set title '$\|I-RR^{\mathsf T}\|_F$'
plot f index 0 u 1:($4+1e-17) w l lt LT_lgvi_exp, f index 1 u 1:($4+1e-17) w l lt LT_rk4, \
     f index 2 u 1:($4+1e-17) w l lt LT_lgvi_cayley, f index 3 u 1:($4+1e-17) w l lt LT_rk3
# the key: an empty plot spanning the whole width
set lmargin at screen 0.10
unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid
set key at screen 0.54,0.995 center top horizontal maxrows 1 samplen 2
plot NaN w l lt LT_lgvi_exp t 'LGVI pend.', NaN w l lt LT_rk4 t 'RK4 pend.', \
     NaN w l lt LT_lgvi_cayley t 'LGVI body', NaN w l lt LT_rk3 t 'RK3 body'
unset multiplot
