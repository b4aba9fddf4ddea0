# bai2015-fig05.gp: error of the vertical angular momentum.
f = 'data/bai2015-fig05.dat'
set logscale y
set format y "$10^{%T}$"
set yrange [1e-17:1e-2]
set xlabel '$t$ (s)'
set ylabel '$|e_3^{\mathsf T}R\Pi - e_3^{\mathsf T}R_0\Pi_0|$'
# the key fills the empty band between the two groups of curves
set key center right
plot f index 1 u 1:(abs($2)+1e-17) w l lt LT_lgrk3 t 'LG-RK3', \
     f index 2 u 1:(abs($2)+1e-17) w l lt LT_rk3 t 'RK3', \
     f index 0 u 1:(abs($2)+1e-17) w l lt LT_lgvi_cayley t 'LGVI', \
     f index 4 u 1:(abs($2)+1e-17) w l lt LT_lgvi_cayley dt 1 t 'LGVI, printed $R_0$'
