# huang2022-fig06.gp: orthogonality error of both rods.
dat = 'data/huang2022-fig06.dat'
set logscale y
set format y '$10^{%T}$'
set yrange [1e-17:1e-12]
set xrange [0:50]
set xlabel '$t$ (s)'
set ylabel '$\|I-R_iR_i^{\mathsf T}\|_F$'
set key top left horizontal maxcols 3 samplen 2 width -2
plot dat index 0 u 1:($2 + 1e-30) w l lt LT_dh t 'DH, rod 1', \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_rattlie t 'RATTLie, rod 1', \
     '' index 0 u 1:($6 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$, rod 1', \
     '' index 0 u 1:($3 + 1e-30) w l lt LT_dh dt 3 t 'rod 2', \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_rattlie dt 3 t 'rod 2', \
     '' index 0 u 1:($7 + 1e-30) w l lt LT_galpha dt 3 t 'rod 2'
