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
# reference solutions: black
set linetype 1  lc rgb "#000000" lw 1.2 dt 1 pt 7  ps 0.4
set linetype 2  lc rgb "#000000" lw 1.2 dt 2 pt 6  ps 0.4
LT_ref = 1; LT_exact = 2
# explicit Runge-Kutta methods: red, orange, dark red
set linetype 3  lc rgb "#d62728" lw 1.6 dt 2 pt 5  ps 0.4
set linetype 4  lc rgb "#d35f00" lw 1.6 dt 5 pt 9  ps 0.4
set linetype 5  lc rgb "#d35f00" lw 1.6 dt 3 pt 11 ps 0.4
set linetype 6  lc rgb "#8b0000" lw 1.6 dt 4 pt 15 ps 0.4
LT_rk4 = 3; LT_rk3 = 4; LT_rkf45 = 5; LT_rk4_adaptive = 6
# sun2022 planar pendulum (chapter ch:sun2022planar): solid, increment forms dotted
set linetype 7  lc rgb "#1f77b4" lw 1.6 dt 1 pt 6  ps 0.5
set linetype 8  lc rgb "#1f77b4" lw 1.6 dt 3 pt 4  ps 0.5
set linetype 9  lc rgb "#393b79" lw 1.6 dt 1 pt 2  ps 0.5
set linetype 10 lc rgb "#393b79" lw 1.6 dt 3 pt 1  ps 0.5
set linetype 11 lc rgb "#2ca02c" lw 1.6 dt 5 pt 8  ps 0.5
set linetype 12 lc rgb "#2ca02c" lw 1.6 dt 3 pt 10 ps 0.5
set linetype 13 lc rgb "#9467bd" lw 1.6 dt 1 pt 12 ps 0.5
set linetype 14 lc rgb "#8c564b" lw 1.6 dt 1 pt 14 ps 0.5
set linetype 15 lc rgb "#8c564b" lw 1.6 dt 3 pt 3  ps 0.5
set linetype 16 lc rgb "#c0398f" lw 1.6 dt 4 pt 13 ps 0.5
LT_angle = 7; LT_angle_inc = 8; LT_liealg = 9; LT_liealg_inc = 10
LT_reduced = 11; LT_reduced_inc = 12; LT_fform = 13; LT_complete = 14
LT_complete_inc = 15; LT_cayley = 16
# sun2022 3D pendulum (chapter ch:sun2022p3d): the colour of the planar analogue, dash-dot
set linetype 17 lc rgb "#9467bd" lw 1.6 dt 4 pt 12 ps 0.5
set linetype 18 lc rgb "#2ca02c" lw 1.6 dt 4 pt 8  ps 0.5
set linetype 19 lc rgb "#2ca02c" lw 1.6 dt 2 pt 10 ps 0.5
set linetype 20 lc rgb "#8c564b" lw 1.6 dt 3 pt 14 ps 0.5
set linetype 21 lc rgb "#393b79" lw 1.6 dt 5 pt 2  ps 0.5
LT_p3d_f = 17; LT_p3d_ra = 18; LT_p3d_ra_inc = 19; LT_p3d_clg = 20; LT_p3d_cardan = 21
# variational integrators of bai2015 and moiseev2024 (chapter ch:lgvi)
set linetype 22 lc rgb "#108a96" lw 1.6 dt 1 pt 9  ps 0.5
set linetype 23 lc rgb "#108a96" lw 1.6 dt 3 pt 11 ps 0.5
set linetype 24 lc rgb "#808000" lw 1.6 dt 4 pt 5  ps 0.5
set linetype 25 lc rgb "#393b79" lw 1.6 dt 2 pt 9  ps 0.5
set linetype 26 lc rgb "#b8860b" lw 1.6 dt 1 pt 4  ps 0.5
LT_lgvi_exp = 22; LT_lgvi_exp_direct = 23; LT_lgvi_cayley = 24; LT_lgrk3 = 25
LT_vi_cartesian = 26
# multibody schemes of huang2022 and liang2023 (chapters ch:huang2022, ch:liang2023): dashed
set linetype 27 lc rgb "#1f77b4" lw 1.4 dt 2 pt 6  ps 0.5
set linetype 28 lc rgb "#8c564b" lw 1.4 dt 4 pt 4  ps 0.5
set linetype 29 lc rgb "#2ca02c" lw 1.4 dt 5 pt 1  ps 0.5
set linetype 30 lc rgb "#c0398f" lw 1.4 dt 3 pt 10 ps 0.5
set linetype 31 lc rgb "#d35f00" lw 1.4 dt 2 pt 3  ps 0.5
set linetype 32 lc rgb "#6a3d9a" lw 1.4 dt 1 pt 7  ps 0.5
set linetype 33 lc rgb "#808000" lw 1.4 dt 4 pt 13 ps 0.5
LT_dh = 27; LT_rattlie = 28; LT_galpha = 29; LT_dl = 30
LT_rkmk4 = 31; LT_rkmk4_proj = 32; LT_imid_index2 = 33
# MuJoCo's integrators (chapter ch:peers): teal and olive, dotted
set linetype 34 lc rgb "#17becf" lw 1.4 dt 3 pt 2  ps 0.5
set linetype 35 lc rgb "#0b6e79" lw 1.4 dt 3 pt 12 ps 0.5
set linetype 36 lc rgb "#9a9a00" lw 1.4 dt 1 pt 8  ps 0.5
LT_mujoco_euler = 34; LT_mujoco_implicit = 35; LT_mujoco_rk4 = 36
# Simbody's Runge-Kutta-Merson rule (chapter ch:peers): purple, dotted
set linetype 37 lc rgb "#7b4173" lw 1.4 dt 3 pt 4  ps 0.5
LT_simbody_rkm = 37
# guides (reference lines, slopes, thresholds) and marked points
set linetype 40 lc rgb "#7f7f7f" lw 0.8 dt 2 pt 1  ps 0.4
set linetype 41 lc rgb "#000000" lw 1.0 dt 1 pt 5  ps 0.9
LT_guide = 40; LT_mark = 41
# components of one vector, or other series of one scheme
set linetype 42 lc rgb "#0072b2" lw 1.2 dt 1 pt 6  ps 0.4
set linetype 43 lc rgb "#d55e00" lw 1.2 dt 2 pt 4  ps 0.4
set linetype 44 lc rgb "#009e73" lw 1.2 dt 4 pt 8  ps 0.4
set linetype 45 lc rgb "#cc79a7" lw 1.2 dt 5 pt 10 ps 0.4
LT_comp1 = 42; LT_comp2 = 43; LT_comp3 = 44; LT_comp4 = 45
