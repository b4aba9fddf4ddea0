# sun2022-fig25.gp: Fig. 25 of sun2022, p3d-clg.
dat = 'data/sun2022-fig25.dat'
c1 = 11; c2 = 12; c3 = 13; LTS = LT_p3d_clg
lab = '$R^Te_3$'; k1 = '$R_{31}$'; k2 = '$R_{32}$'; k3 = '$R_{33}$'
load 'src/plot/p3d-panels.gpi'
