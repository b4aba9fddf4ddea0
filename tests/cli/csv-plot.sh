# csv-plot.sh: the README's three gnuplot lines plot an lgsim CSV by column name.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
sed -n '/^<!-- gnuplot -->$/,/^<!-- \/gnuplot -->$/p' "$top/README.md" \
  | sed -n '/^```/,/^```/{/^```/d;p}' > "$tmp/plot.gp"
check "the README has the gnuplot lines ($(wc -l < "$tmp/plot.gp") lines)" \
  test "$(wc -l < "$tmp/plot.gp")" -eq 3
"$LGSIM" run pendulum3d rk4 --h 0.01 --T 1 --every 10 -o "$tmp/run.csv"
check "lgsim writes run.csv" test -s "$tmp/run.csv"
if command -v gnuplot > /dev/null 2>&1; then
  (cd "$tmp" && { echo 'set table "points.txt"'; cat plot.gp; } | gnuplot > gp.log 2>&1)
  check "gnuplot runs the lines without a message $(head -2 "$tmp/gp.log")" test ! -s "$tmp/gp.log"
  # the points: x y type; the CSV: t and energy by the header line
  awk '!/^#/ && NF == 3 { print $1, $2 }' "$tmp/points.txt" > "$tmp/xy"
  grep -v '^#' "$tmp/run.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $c["t"], $c["energy"] }' > "$tmp/csv"
  check "gnuplot plots one point per row (11)" test "$(wc -l < "$tmp/xy")" -eq 11
  # gnuplot's table prints 6 significant digits: agree to 1e-5 relative
  check "... at t and energy of each row" awk 'NR == FNR { x[FNR] = $1; y[FNR] = $2; next }
    { d = $2 - y[FNR]; if (d < 0) d = -d; s = $2 < 0 ? -$2 : $2
      if ($1 - x[FNR] > 1e-12 || x[FNR] - $1 > 1e-12 || d > 1e-5 * s) bad = 1 }
    END { exit bad || FNR != 11 }' "$tmp/xy" "$tmp/csv"
else
  fail "gnuplot is not installed"
fi
finish
