# cmp-planar-cost.gp: planar schemes, Newton iterations per step.
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.6 border -1
set boxwidth 0.9
set yrange [0:*]
set ylabel 'Newton iterations per step'
set xtics rotate by -40
set format x '%g'
# the key above the bars
set key outside top center horizontal
plot 'data/cmp-planar-cost.dat' u 2:xtic(stringcolumn(4)) lt LT_comp1 t '$h=0.01$', \
     '' u 3 lt LT_comp2 dt 1 t '$h=0.05$'
