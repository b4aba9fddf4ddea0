# huang2022-fig07.gp: velocity-constraint violation at joint A.
dat = 'data/huang2022-fig07.dat'
set logscale y
set format y '$10^{%T}$'
set yrange [1e-17:1e3]
set ytics 1e-16, 100, 1
set xrange [0:50]
set xlabel '$t$ (s)'
set ylabel '$|\dot\Phi_A|$ (m/s)'
# the key above the plot, clear of the curves
set key outside top center horizontal maxrows 2 samplen 2 width 1
plot dat index 0 u 1:($6 + 1e-30) w l lt LT_dl dt 1 lw 0.8 t 'DL, one-sided $p^-$', \
     '' index 0 u 1:($5 + 1e-30) w l lt LT_dl t 'DL', \
     '' index 0 u 1:($4 + 1e-30) w l lt LT_galpha t 'gen.-$\alpha$', \
     '' index 0 u 1:($2 + 1e-30) w l lt LT_dh t 'DH', \
     '' index 0 u 1:($3 + 1e-30) w l lt LT_rattlie t 'RATTLie'
