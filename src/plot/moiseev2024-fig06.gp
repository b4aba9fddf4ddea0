# moiseev2024-fig06.gp: orthogonality error.
f = 'data/moiseev2024-fig06.dat'
set logscale y
set format y "$10^{%T}$"
set yrange [1e-17:1e-3]
set xlabel '$t$ (s)'
set ylabel '$\|I - RR^{\mathsf T}\|_F$'
# the key fills the empty band between the two curves
set key center right
plot f index 1 u 1:($2+1e-17) w l lt LT_rk4 t 'RK4', f index 0 u 1:($2+1e-17) w l lt \
  LT_lgvi_exp t 'LGVI'
