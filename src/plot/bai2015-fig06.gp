# bai2015-fig06.gp: orthogonality error of R.
f = 'data/bai2015-fig06.dat'
set logscale y
set format y "$10^{%T}$"
set yrange [1e-17:1e-1]
set xlabel '$t$ (s)'
set ylabel '$\|I - RR^{\mathsf T}\|_F$'
set key center right
# LG-RK3's two curves coincide: the one from the printed R0 is drawn wide
# beneath the other, so that both show in grey
plot f index 5 u 1:($2+1e-17) w l lt LT_lgrk3 dt 3 lw 4 t 'LG-RK3, printed $R_0$', \
     f index 1 u 1:($2+1e-17) w l lt LT_lgrk3 t 'LG-RK3', \
     f index 0 u 1:($2+1e-17) w l lt LT_lgvi_cayley t 'LGVI', \
     f index 4 u 1:($2+1e-17) w l lt LT_lgvi_cayley dt 1 t 'LGVI, printed $R_0$'
