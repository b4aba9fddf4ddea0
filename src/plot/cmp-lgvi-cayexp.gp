# cmp-lgvi-cayexp.gp: Cayley and exponential LGVI, two Newton solvers.
f = 'data/cmp-lgvi-cayexp.dat'
set logscale y
set format y "$10^{%T}$"
# the GSL/hand-written difference stays below 1e-17: the range reaches below it
set yrange [1e-19:10]
set xlabel '$t$ (s)'
set ylabel '$\max_{ij}|R_{ij}-R^\prime_{ij}|$'
set key top left
plot f index 0 u 1:($2+1e-17) w l lt LT_lgvi_cayley t 'body: Cayley vs exp', \
     f index 1 u 1:($2+1e-17) w l lt LT_lgvi_exp t 'pendulum: Cayley vs exp', \
     f index 2 u 1:($2+1e-17) w l lt LT_lgvi_exp_direct t 'pendulum: GSL vs $3\times3$ Newton'
