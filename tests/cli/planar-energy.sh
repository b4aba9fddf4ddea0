# planar-energy.sh: the reduced-attitude map keeps its energy to 1e-13 at the defaults.
. "$(dirname "$0")/common.inc"
for th in 0.5 1.5 3.0; do
  for h in 0.005 0.02 0.1; do
    T=$(awk -v h="$h" 'BEGIN { printf "%.6g", 1000 * h }')
    "$LGSIM" run planar reduced --set theta0="$th" --h "$h" --T "$T" > "$tmp/r.csv"
    d=$(grep -v '^#' "$tmp/r.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++)
          if ($i == "energy") c = i; next }
        NR == 2 { e0 = $c; m = 0; next }
        { d = ($c - e0) / e0; if (d < 0) d = -d; if (d > m) m = d }
        END { printf "%.3g", m }')
    check "theta0 = $th, h = $h: relative energy drift $d < 1e-13 over 1000 steps" \
      awk -v d="$d" 'BEGIN { exit !(d < 1e-13) }'
  done
done
finish
