# cmp-multibody-ref.gp: error of the multibody reference over 50 s.
dat = 'data/cmp-multibody-ref.dat'
set terminal cairolatex pdf standalone size 12cm,10cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set multiplot layout 2,1
# the left margin keeps the y labels on the page
set lmargin at screen 0.16
set rmargin at screen 0.97
set logscale y
set format y '$10^{%T}$'
set yrange [1e-18:1e-10]
set ytics 1e-18, 100, 1e-10
set xrange [0:50]
set format x ''
set ylabel 'defect'
set key top left horizontal maxcols 2 samplen 2 width -1
plot dat index 0 every 10 using 1:(abs($2) + 1e-30) with lines lt LT_comp1 title '$|E-E_0|/U_{\max}$', \
     '' index 0 every 10 using 1:($3 + 1e-30) with lines lt LT_comp2 title '$\max_k|\Phi_k|$ (m)', \
     '' index 0 every 10 using 1:($4 + 1e-30) with lines lt LT_comp3 title '$\max_k|B_kV|$ (m/s)', \
     '' index 0 every 10 using 1:($5 + 1e-30) with lines lt LT_comp4 \
        title '$\max_i\|I-R_iR_i^{\mathsf T}\|_F$'
unset yrange
set yrange [1e-16:10]
set ytics 1e-16, 1e4, 1
set format x '$%g$'
set xlabel '$t$ (s)'
set ylabel 'difference / range'
# the key in the empty lower right corner, clear of the curves
set key bottom right horizontal maxcols 1
plot dat index 1 using 1:($2 + 1e-30) with lines lt LT_comp1 \
        title '$x_2$, grid $h$ halved ($5\cdot10^{-4}$ s)', \
     '' index 1 using 1:($3 + 1e-30) with lines lt LT_comp2 \
        title '$x_2$, $\Omega_1(0)$ moved by $10^{-12}$ rad/s', \
     '' index 1 using 1:($4 + 1e-30) with lines lt LT_comp3 \
        title '$\Omega_{2,1}$, the same', \
     1e-2 with lines lt LT_guide title '1\,\% of the range'
unset multiplot
