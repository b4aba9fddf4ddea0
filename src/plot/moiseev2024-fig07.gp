# moiseev2024-fig07.gp: energy change, LGVI and RK4.
f = 'data/moiseev2024-fig07.dat'
set xlabel '$t$ (s)'
set ylabel '$E - E_0$ (J)'
set key top left
set format y "$%.1t\\cdot10^{%T}$"
plot f index 0 u 1:3 w l lt LT_lgvi_exp t 'LGVI', f index 1 u 1:3 w l lt LT_rk4 t 'RK4'
