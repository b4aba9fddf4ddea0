# sun2022-fig18.gp: Fig. 18 of sun2022, p3d-f.
dat = 'data/sun2022-fig18.dat'
c1 = 2; c2 = 3; c3 = 4; LTS = LT_p3d_f
lab = '$\omega$ (rad/s)'; k1 = '$\omega_1$'; k2 = '$\omega_2$'; k3 = '$\omega_3$'
load 'src/plot/p3d-panels.gpi'
