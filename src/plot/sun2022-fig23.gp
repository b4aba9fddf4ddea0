# sun2022-fig23.gp: Fig. 23 of sun2022, p3d-clg.
dat = 'data/sun2022-fig23.dat'
c1 = 5; c2 = 6; c3 = 7; LTS = LT_p3d_clg
lab = '$R^Te_1$'; k1 = '$R_{11}$'; k2 = '$R_{12}$'; k3 = '$R_{13}$'
load 'src/plot/p3d-panels.gpi'
