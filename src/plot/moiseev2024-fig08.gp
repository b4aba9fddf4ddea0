# moiseev2024-fig08.gp: change of the vertical angular momentum.
f = 'data/moiseev2024-fig08.dat'
set logscale y
set format y "$10^{%T}$"
set yrange [1e-17:1e-3]
set xlabel '$t$ (s)'
set ylabel '$|L_{\mathrm{vert}} - L_{\mathrm{vert}}(0)|$'
# the key fills the empty band between the two curves
set key center right
plot f index 1 u 1:(abs($3)+1e-17) w l lt LT_rk4 t 'RK4', f index 0 u 1:(abs($3)+1e-17) w l lt \
  LT_lgvi_exp t 'LGVI'
