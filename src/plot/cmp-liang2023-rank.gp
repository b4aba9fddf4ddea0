# cmp-liang2023-rank.gp: mast, singular values of the constraint Jacobian.
f = 'data/cmp-liang2023-rank.dat'
set logscale y
set format y '$%g$'
set xrange [0:10]
set yrange [0.1:5]
set ytics (0.1, 0.2, 0.5, 1, 2, 5)
set xlabel '$t$ (s)'
set ylabel 'singular value of $B$'
set key bottom right
plot f index 0 u 1:4 w l lt LT_rkmk4_proj dt 2 t '$\sigma_{\max}(B)$', \
     f index 0 u 1:3 w l lt LT_rkmk4_proj t '$\sigma_{\min}(B)$'
