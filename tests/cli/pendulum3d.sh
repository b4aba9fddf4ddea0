#!/bin/sh
# pendulum3d.sh: every sun2022 3D pendulum scheme runs through lgsim.
set -e
for s in p3d-f p3d-ra p3d-ra-inc p3d-clg p3d-cardan; do
  last=$("$LGSIM" run pendulum3d "$s" --h 0.05 --T 0.5 | grep -v '^#' | tail -1)
  echo "$s: $last"
  echo "$last" | awk -F, -v s="$s" '
    $1 + 0 != 0.5 { print s ": last row at t = " $1; exit 1 }
    $11 == "nan" || $12 == "nan" || $13 == "nan" { print s ": W is NaN"; exit 1 }
    s != "p3d-ra" && s != "p3d-ra-inc" && $2 == "nan" { print s ": R is NaN"; exit 1 }'
done
