# cmp-lgvi-horizon.gp: separation of nearby LGVI solutions.
f = 'data/cmp-lgvi-horizon.dat'
set logscale y
set format y "$10^{%T}$"
set xlabel '$t$ (s)'
set ylabel '$|\Omega-\tilde\Omega|_\infty$ (rad/s)'
# the key above the plot, in two columns
set key outside top center vertical maxrows 3 samplen 2 width -5
plot f index 0 u 1:($2+1e-17) w l lt LT_lgvi_cayley t 'body, $\delta\Omega_0=10^{-12}$', \
     f index 1 u 1:($2+1e-17) w l lt LT_lgvi_cayley dt 3 t \
       'body, tol.\ $10^{-13}$ vs $10^{-11}$', \
     f index 2 u 1:($2+1e-17) w l lt LT_lgvi_exp t 'pend., $\delta\Omega_0=10^{-12}$', \
     f index 3 u 1:($2+1e-17) w l lt LT_lgvi_exp dt 2 t 'pend., tol.\ $10^{-13}$ vs $10^{-11}$', \
     1e-2 w l lt LT_guide t 'line width'
