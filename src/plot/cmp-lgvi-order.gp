# cmp-lgvi-order.gp: LGVI and Runge-Kutta errors against the step.
f = 'data/cmp-lgvi-order.dat'
set logscale xy
set format y "$10^{%T}$"
set format x "$%g$"
set xlabel '$h$ (s)'
set ylabel 'error at $t=1$'
# the key in two columns in the empty lower right corner
set yrange [1e-12:1]
set key bottom right maxrows 3 samplen 2
plot f index 0 u 1:2 w lp lt LT_lgvi_cayley t 'LGVI Cayley (body)', \
     f index 1 u 1:2 w lp lt LT_lgvi_exp t 'LGVI exp (body)', \
     f index 2 u 1:2 w lp lt LT_lgrk3 t 'LG-RK3 (body)', \
     f index 3 u 1:2 w lp lt LT_rk3 t 'RK3 (body)', \
     f index 4 u 1:2 w lp lt LT_lgvi_exp dt 3 t 'LGVI exp (pendulum)', \
     f index 6 u 1:2 w lp lt LT_rk4 t 'RK4 (pendulum)'
