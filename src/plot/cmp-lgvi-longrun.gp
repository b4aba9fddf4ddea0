# cmp-lgvi-longrun.gp: energy, momentum and orthogonality over 1e6 steps.
f = 'data/cmp-lgvi-longrun.dat'
set multiplot layout 1,3
set logscale y
set format y "$10^{%T}$"
set format x "$%g$"
set xtics 5000
set ytics
set xlabel '$t$ (s)'
set key top left samplen 1
set title '$|\Delta E|$'
set yrange [1e-17:10]
plot f index 0 u 1:(abs($2)+1e-17) w l lt LT_lgvi_exp t 'LGVI pend.', \
     f index 1 u 1:(abs($2)+1e-17) w l lt LT_rk4 t 'RK4 pend.', \
     f index 2 u 1:(abs($2)+1e-17) w l lt LT_lgvi_cayley t 'LGVI body', \
     f index 3 u 1:(abs($2)+1e-17) w l lt LT_rk3 t 'RK3 body'
unset key
set title '$|\Delta L_{\mathrm{vert}}|$'
plot f index 0 u 1:(abs($3)+1e-17) w l lt LT_lgvi_exp, f index 1 u 1:(abs($3)+1e-17) w l lt LT_rk4, \
     f index 2 u 1:(abs($3)+1e-17) w l lt LT_lgvi_cayley, f index 3 u 1:(abs($3)+1e-17) w l lt LT_rk3
set title '$\|I-RR^{\mathsf T}\|_F$'
plot f index 0 u 1:($4+1e-17) w l lt LT_lgvi_exp, f index 1 u 1:($4+1e-17) w l lt LT_rk4, \
     f index 2 u 1:($4+1e-17) w l lt LT_lgvi_cayley, f index 3 u 1:($4+1e-17) w l lt LT_rk3
unset multiplot
