# moiseev2024-fig07.gp: energy change.
f = 'data/moiseev2024-fig07.dat'
set xlabel '$t$ (s)'
set ylabel '$E - E_0$ ($10^{-3}$ J)'
set key outside top center horizontal
set format y "$%.1f$"
plot f index 0 u 1:($3*1e3) w l lt LT_lgvi_exp t 'LGVI', f index 1 u 1:($3*1e3) w l lt LT_rk4 t \
  'RK4'
