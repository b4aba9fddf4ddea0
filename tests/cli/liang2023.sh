# liang2023.sh: the schemes of the liang2023 chapter through lgsim: each on
# the mast and on the double pendulum, the mast's model file against the
# built-in, and the constraint columns of the stabilised scheme.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
# joints_within TOL FILE: phi_err and dphi_err (found by name) of the last row below TOL
joints_within() {
  awk -F, -v tol="$1" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { p = $c["phi_err"]; d = $c["dphi_err"] }
    END { exit !(p != "" && p + 0 < tol && d + 0 < tol) }' "$2"
}
"$LGSIM" list --tsv > "$tmp/list.tsv"
for s in rkmk4 rkmk4-proj imid-index2; do
  for m in mast doublependulum; do
    check "lgsim list --tsv has $m with $s" grep -q "^$m${TAB}$s${TAB}" "$tmp/list.tsv"
    "$LGSIM" run "$m" "$s" --h 0.001 --T 0.2 --every 50 -o "$tmp/$m-$s.csv"
    check "$m $s --T 0.2 exits 0" test $? -eq 0
    check "$m $s: 5 rows, t = 0 to 0.2" test \
      "$(grep -v '^#' "$tmp/$m-$s.csv" | sed 1d | wc -l)" -eq 5
    check "$m $s: joints within 1e-5 at t = 0.2" joints_within 1e-5 "$tmp/$m-$s.csv"
  done
done
# the projection holds both levels at round-off
check "mast rkmk4-proj: joints at round-off at t = 0.2" joints_within 1e-13 \
  "$tmp/mast-rkmk4-proj.csv"
# the model file and the built-in are one text: same bytes but for the
# provenance lines only a file's run writes (chapter 6)
for s in rkmk4 imid-index2; do
  "$LGSIM" run mast "$s" --T 0.05 --h 0.001 --every 10 -o "$tmp/a.csv"
  (cd "$top" && "$LGSIM" run --model-file src/model/mast.mb "$s" --T 0.05 --h 0.001 --every 10 \
    -o "$tmp/b.csv")
  grep -vE '^# (model_file|model_sha256|body [0-9]+|joint [0-9]+) = ' "$tmp/b.csv" \
    > "$tmp/b-rest.csv"
  check "mast $s: --model-file src/model/mast.mb gives the built-in's bytes, provenance aside" \
    cmp -s "$tmp/a.csv" "$tmp/b-rest.csv"
done
# 18 bodies: 1 + 18 * 18 + 4 columns
check "mast: 329 columns (330 with newton_iters)" \
  test "$(grep -v '^#' "$tmp/mast-rkmk4.csv" | head -1 | tr ',' '\n' | wc -l)" -eq 329
finish
