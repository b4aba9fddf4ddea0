# assemble.sh: assembly of model files written to four digits, through lgsim.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples
"$LGSIM" list > "$tmp/list" 2> "$tmp/list.err"
check "lgsim list works and prints nothing on stderr" test $? -eq 0 -a ! -s "$tmp/list.err"
schemes=$(pairs | awk -F"$TAB" '$1 == "doublependulum" { print $2 }')
check "the multibody family has schemes ($(echo $schemes))" test -n "$schemes"
for m in triple-pendulum chain10 top-on-pendulum; do
  check "$m is not a built-in model (installed as a file only)" test -z "$(grep "^$m: " "$tmp/list")"
  "$LGSIM" run --model-file "$ex/$m.mb" ref --h 0.001 --T 0 -o "$tmp/$m.csv" 2> "$tmp/$m.err"
  check "$m: assembled and run (exit 0)" test $? -eq 0
  head -1 "$tmp/$m.err" | sed 's/^/    /'
  check "$m: the summary line on stderr" grep -q "^lgsim: assembly of model $m: phi_err " "$tmp/$m.err"
  nb=$(grep -c '^body ' "$ex/$m.mb")
  check "$m: one line for each of its $nb bodies" \
    test "$(grep -c '^lgsim:   body [0-9]* (.*): moved ' "$tmp/$m.err")" -eq "$nb"
  check "$m: every body moved less than 1e-3 m and 1e-3 rad" awk '/^lgsim:   body/ {
    for (i = 1; i <= NF; i++) { if ($i == "moved") m = $(i + 1); if ($i == "turned") r = $(i + 1) }
    if (!(m + 0 < 1e-3 && r + 0 < 1e-3)) bad = 1 } END { exit bad }' "$tmp/$m.err"
  tol=$(sed -n 's/.*m (tolerance \([^ ]*\) m), dphi_err.*/\1/p' "$tmp/$m.err")
  vtol=$(sed -n 's/.*(tolerance \([^ ]*\) m\/s)$/\1/p' "$tmp/$m.err")
  check "$m: phi_err and dphi_err of the first row within $tol m and $vtol m/s" \
    awk -F, -v t="$tol" -v v="$vtol" '!/^#/ && ++n == 2 { exit !($(NF-1) <= t && $NF <= v) }' \
    "$tmp/$m.csv"
  check "$m: the CSV says it was assembled" grep -q '^# assemble = 1$' "$tmp/$m.csv"
  "$LGSIM" run --model-file "$ex/$m.mb" ref --h 0.001 --T 0 --assemble -o "$tmp/$m.2.csv" \
    2> /dev/null
  check "$m: --assemble besides the file's line changes nothing" cmp -s "$tmp/$m.csv" "$tmp/$m.2.csv"
  for s in $schemes; do
    "$LGSIM" run --model-file "$ex/$m.mb" "$s" --h 0.001 --T 0.05 --every 10 -o "$tmp/run.csv" \
      2> /dev/null
    st=$?
    check "$m $s: 50 steps, exit 0, finite rows, joints within 1e-6 m" awk -F, -v st="$st" '
      !/^#/ && ++n > 1 { for (i = 1; i <= NF; i++) if ($i !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) bad = 1
                         if (!($(NF - 1 - h) + 0 <= 1e-6)) bad = 1 }
      !/^#/ && n == 1 { h = ($NF == "newton_iters") }
      END { exit st != 0 || bad || n != 7 }' "$tmp/run.csv"
  done
done
# without the assemble line: refused with a suggestion; with --assemble: the same run
sed '/^assemble$/d' "$ex/triple-pendulum.mb" > "$tmp/tp.mb"
"$LGSIM" run --model-file "$tmp/tp.mb" ref --h 0.001 --T 0 -o "$tmp/none.csv" 2> "$tmp/err"
check "four digits without assembly: exit 2" test $? -eq 2
check "... one line suggesting --assemble: $(cat "$tmp/err")" grep -q \
  "joint 1: the initial positions miss it by .* --assemble (or an 'assemble' line in the model file)" \
  "$tmp/err"
check "... and no output" test ! -e "$tmp/none.csv" -a "$(wc -l < "$tmp/err")" -eq 1
"$LGSIM" run --model-file "$tmp/tp.mb" ref --h 0.001 --T 0 --assemble -o "$tmp/tp.csv" \
  2> "$tmp/err"
check "... with --assemble: exit 0" test $? -eq 0
# the two files differ in name and bytes, so their provenance lines do too
grep -v '^# model_\(file\|sha256\) = ' "$tmp/tp.csv" > "$tmp/tp.rows"
grep -v '^# model_\(file\|sha256\) = ' "$tmp/triple-pendulum.csv" > "$tmp/triple-pendulum.rows"
check "... the same bytes as the file with its assemble line, but for the file's name and digest" \
  cmp -s "$tmp/tp.rows" "$tmp/triple-pendulum.rows"
# joints that cannot all hold: two rods of 1 m across a gap of 3 m
{ printf 'model gap\nbody a\nmass 1\ninertia 0.08343 0.08343 0.0002\nposition 0.35 0 -0.35\n'
  printf 'cardan 0 2.3562 0\nbody b\nmass 1\ninertia 0.08343 0.08343 0.0002\n'
  printf 'position 1.2 0 -0.35\ncardan 0 0.7854 0\njoint ground 0 0 0 a 0 0 -0.5\n'
  printf 'joint a 0 0 0.5 b 0 0 -0.5\njoint b 0 0 0.5 ground 3 0 0\n'; } > "$tmp/gap.mb"
"$LGSIM" run --model-file "$tmp/gap.mb" ref --assemble -o "$tmp/none.csv" 2> "$tmp/err"
check "inconsistent joints: exit 2" test $? -eq 2
miss='miss by up to .* m .*joint 1 (.* m), joint 2 (.* m), joint 3 (.* m)'
check "... one line naming the joints and their residuals: $(cat "$tmp/err")" grep -q \
  "gap.mb: assembly failed: .*$miss; they cannot all hold" "$tmp/err"
check "... and no output" test ! -e "$tmp/none.csv" -a "$(wc -l < "$tmp/err")" -eq 1
"$LGSIM" run pendulum3d rk4 --assemble --T 0 2> "$tmp/err" > /dev/null
check "--assemble for a model without joints: exit 2" test $? -eq 2
check "... saying why" grep -q 'has no joints to assemble' "$tmp/err"
finish
