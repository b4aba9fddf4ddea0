# sun2022-fig22.gp: Fig. 22 of sun2022, p3d-clg.
dat = 'data/sun2022-fig22.dat'
c1 = 2; c2 = 3; c3 = 4; LTS = LT_p3d_clg
lab = '$\omega$ (rad/s)'; k1 = '$\omega_1$'; k2 = '$\omega_2$'; k3 = '$\omega_3$'
load 'src/plot/p3d-panels.gpi'
