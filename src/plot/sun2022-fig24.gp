# sun2022-fig24.gp: Fig. 24 of sun2022, p3d-clg.
dat = 'data/sun2022-fig24.dat'
c1 = 8; c2 = 9; c3 = 10; LTS = LT_p3d_clg
lab = '$R^Te_2$'; k1 = '$R_{21}$'; k2 = '$R_{22}$'; k3 = '$R_{23}$'
load 'src/plot/p3d-panels.gpi'
