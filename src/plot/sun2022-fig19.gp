# sun2022-fig19.gp: Fig. 19 of sun2022, p3d-f.
dat = 'data/sun2022-fig19.dat'
c1 = 14; c2 = 15; c3 = 16; LTS = LT_p3d_f
lab = '$\Gamma=R^Te_3$'; k1 = '$\Gamma_1$'; k2 = '$\Gamma_2$'; k3 = '$\Gamma_3$'
load 'src/plot/p3d-panels.gpi'
