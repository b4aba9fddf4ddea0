# style.gp: terminal, fonts and one line style per scheme, for every figure.
set terminal cairolatex pdf standalone size 12cm,7cm dashed \
    header "\\usepackage{lmodern}\\usepackage{amsmath}\\usepackage{amssymb}"
set output outfile
set border lw 0.8
set key top right Left reverse spacing 1.2 samplen 2.5 width 1
set grid lc rgb "#dddddd" lw 0.5
set format y "$%g$"
set format x "$%g$"
set datafile separator whitespace
set datafile commentschars "#"
# baselines
set linetype 1 lc rgb "#000000" lw 1.2 dt 1 pt 7 ps 0.4   # ref: reference solution
set linetype 2 lc rgb "#d62728" lw 1.6 dt 2 pt 5 ps 0.4   # rk4: classical RK4
set linetype 3 lc rgb "#ff7f0e" lw 1.6 dt 4 pt 9 ps 0.4   # rk3: classical RK3
LT_ref = 1; LT_rk4 = 2; LT_rk3 = 3
# implicit and Lie group schemes of the papers, in the order of the report
set linetype 4  lc rgb "#1f77b4" lw 1.6 dt 1 pt 6 ps 0.5
set linetype 5  lc rgb "#2ca02c" lw 1.6 dt 3 pt 4 ps 0.5
set linetype 6  lc rgb "#9467bd" lw 1.6 dt 5 pt 8 ps 0.5
set linetype 7  lc rgb "#8c564b" lw 1.6 dt 1 pt 10 ps 0.5
set linetype 8  lc rgb "#e377c2" lw 1.6 dt 3 pt 12 ps 0.5
set linetype 9  lc rgb "#17becf" lw 1.6 dt 5 pt 14 ps 0.5
set linetype 10 lc rgb "#bcbd22" lw 1.6 dt 1 pt 3 ps 0.5
set linetype 11 lc rgb "#7f7f7f" lw 1.6 dt 3 pt 2 ps 0.5
set linetype 12 lc rgb "#393b79" lw 1.6 dt 5 pt 1 ps 0.5
# sun2022 planar pendulum: one style per scheme; the Cayley form shares the
# style of Eq. 53, with which it is never plotted
LT_angle = 4; LT_angle_inc = 5; LT_reduced = 6; LT_reduced_inc = 7; LT_fform = 8
LT_complete = 9; LT_complete_inc = 10; LT_liealg = 11; LT_liealg_inc = 12; LT_cayley = 7
LT_lgvi_cayley = 9; LT_lgvi_exp = 10; LT_lgrk3 = 11; LT_lgvi_exp_direct = 12
# sun2022 3D pendulum (chapter ch:sun2022p3d)
LT_p3d_f = 4; LT_p3d_ra = 5; LT_p3d_ra_inc = 6; LT_p3d_clg = 7; LT_p3d_cardan = 8
# huang2022 (chapter ch:huang2022): DH, RATTLie, generalized-alpha, DL
set linetype 13 lc rgb "#1f77b4" lw 1.4 dt 1 pt 6 ps 0.5
set linetype 14 lc rgb "#8c564b" lw 1.4 dt 2 pt 4 ps 0.5
set linetype 15 lc rgb "#2ca02c" lw 1.4 dt 4 pt 8 ps 0.5
set linetype 16 lc rgb "#9467bd" lw 1.4 dt 3 pt 10 ps 0.5
LT_dh = 13; LT_rattlie = 14; LT_galpha = 15; LT_dl = 16
# liang2023 (chapter ch:liang2023): RKMK4, with the projection, implicit midpoint
set linetype 17 lc rgb "#e6550d" lw 1.4 dt 1 pt 5 ps 0.5
set linetype 18 lc rgb "#31a354" lw 1.4 dt 2 pt 7 ps 0.5
set linetype 19 lc rgb "#756bb1" lw 1.4 dt 4 pt 9 ps 0.5
LT_rkmk4 = 17; LT_rkmk4_proj = 18; LT_imid_index2 = 19
