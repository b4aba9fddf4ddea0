# multibody.sh: the multibody models through lgsim: the built-in instances,
# their columns, per-body parameters, and model files read with --model-file.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
"$LGSIM" list --tsv > "$tmp/list.tsv"
for m in doublependulum spherical-top; do
  check "lgsim list --tsv has $m with the reference" grep -q "^$m${TAB}ref${TAB}" "$tmp/list.tsv"
done
"$LGSIM" run doublependulum ref --T 10 --h 0.001 --every 1000 -o "$tmp/dp.csv"
check "doublependulum ref --T 10 exits 0" test $? -eq 0
cols=t
for i in 1 2; do
  for c in x:1 x:2 x:3 R:11 R:12 R:13 R:21 R:22 R:23 R:31 R:32 R:33 W:1 W:2 W:3 v:1 v:2 v:3; do
    cols="$cols,${c%%:*}${i}_${c#*:}"
  done
done
cols="$cols,energy,orth_err,phi_err,dphi_err"
check "doublependulum columns: per body x, R, W, v, then the diagnostics" \
  test "$(grep -v '^#' "$tmp/dp.csv" | head -1)" = "$cols"
check "11 rows from t = 0 to 10" test "$(grep -v '^#' "$tmp/dp.csv" | sed 1d | wc -l)" -eq 11
check "constraints held to round-off at t = 10" awk -F, '!/^#/ && NR > 1 && $1 == 10 {
  exit !($(NF-1) < 1e-13 && $NF < 1e-13) }' "$tmp/dp.csv"
# a built-in model and its model file are the same description: same bytes,
# but for the provenance lines only a file's run writes
prov='^# (model_file|model_sha256|body [0-9]+|joint [0-9]+) = '
for m in doublependulum spherical-top; do
  "$LGSIM" run "$m" ref --T 1 --h 0.01 --every 10 -o "$tmp/a.csv"
  (cd "$top" && "$LGSIM" run --model-file "src/model/$m.mb" ref --T 1 --h 0.01 --every 10 \
     -o "$tmp/b.csv")
  grep -vE "$prov" "$tmp/b.csv" > "$tmp/b-rest.csv"
  check "$m: --model-file src/model/$m.mb gives the built-in's bytes and its provenance" \
    cmp -s "$tmp/a.csv" "$tmp/b-rest.csv"
  check "... the built-in's run has no provenance line" test "$(grep -cE "$prov" "$tmp/a.csv")" -eq 0
  check "... the file's run has them" test "$(grep -cE "$prov" "$tmp/b.csv")" -ge 3
done
# per-body parameters, and the check that names what a --set broke
"$LGSIM" run doublependulum ref --T 0.01 --set m2=30 --set g=9.8 > "$tmp/set.csv"
check "--set m2=30 --set g=9.8 recorded" grep -q '^# param m2 = 30 \[kg\]' "$tmp/set.csv"
"$LGSIM" run doublependulum ref --set x2=0,0,0 2> "$tmp/err" > "$tmp/out"
check "--set x2 off the joint: exit 2" test $? -eq 2
check "... naming joint 2 and the miss" \
  grep -q '^lgsim: joint 2: the initial positions miss it by 1.12 m' "$tmp/err"
"$LGSIM" run doublependulum ref --set R1=cardan:0,0,0.3 2> "$tmp/err" > "$tmp/out"
check "--set R1 rotated off the joints: exit 2" test $? -eq 2
# bad files: one line naming the file, the line and the problem; no output
printf 'model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\n' > "$tmp/bad.mb"
printf 'joint ground 0 0 0 b 0 0 0\n' >> "$tmp/bad.mb"
"$LGSIM" run --model-file "$tmp/bad.mb" ref -o "$tmp/none.csv" 2> "$tmp/err"
check "bad model file: exit 2" test $? -eq 2
check "... one line naming file and line" test "$(cat "$tmp/err")" = \
  "lgsim: $tmp/bad.mb:6: joint: no body named 'b' above this line (or 'ground')"
check "... no output file" test ! -e "$tmp/none.csv"
"$LGSIM" run --model-file "$tmp/missing.mb" ref 2> "$tmp/err"
check "missing model file: exit 2" test $? -eq 2
check "... naming it" grep -q "missing.mb: No such file or directory" "$tmp/err"
"$LGSIM" run --model-file "$tmp/bad.mb" doublependulum ref 2> "$tmp/err"
check "a model file and a model name: exit 2" test $? -eq 2
"$LGSIM" run --model-file "$top/src/model/spherical-top.mb" rk4 2> "$tmp/err"
check "a scheme of another family: exit 2" test $? -eq 2
finish
