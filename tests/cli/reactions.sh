# reactions.sh: lgsim run --reactions: the columns, the model's columns
# unchanged, a body at rest, every scheme, a model of another family.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples/hinge-cardan.mb
"$LGSIM" run --model-file "$ex" ref --h 0.01 --T 0.5 -o "$tmp/plain.csv"
"$LGSIM" run --model-file "$ex" ref --h 0.01 --T 0.5 --reactions -o "$tmp/r.csv"
check "--reactions: exit 0" test $? -eq 0
check "... header line '# reactions = 1'" grep -qx '# reactions = 1' "$tmp/r.csv"
cols=$(grep -v '^#' "$tmp/r.csv" | head -1)
case $cols in
  *,dphi_err,F1_1,F1_2,F1_3,M1_1,M1_2,M1_3,F2_1,F2_2,F2_3,M2_1,M2_2,M2_3) ok "... the columns" ;;
  *) fail "... the columns: got '$cols'" ;;
esac
n=$(grep -v '^#' "$tmp/plain.csv" | head -1 | awk -F, '{print NF}')
grep -v '^#' "$tmp/plain.csv" > "$tmp/a"
grep -v '^#' "$tmp/r.csv" | cut -d, -f1-"$n" > "$tmp/b"
check "... the model's $n columns are the run's without the option, byte for byte" \
  cmp -s "$tmp/a" "$tmp/b"
printf '%s\n' 'model hang' 'gravity 9.81 0 0 -1' 'body b' 'mass 2.7' 'inertia 0.2 0.3 0.4' \
  'position 0 0 -0.4' 'joint ground 0 0 0 b 0 0 0.4' > "$tmp/hang.mb"
"$LGSIM" run --model-file "$tmp/hang.mb" ref --h 0.01 --T 1 --reactions -o "$tmp/hang.csv"
check "a body hanging at rest: exit 0" test $? -eq 0
check "... F1 = (0, 0, m g) on every row (within 1e-12 of m g)" awk -F, '
  !/^#/ && NR > 1 && $1 != "t" { n++; w = 2.7 * 9.81
    if (!($(NF-2)^2 < 1e-24 * w * w && $(NF-1)^2 < 1e-24 * w * w && \
          ($NF - w)^2 < 1e-24 * w * w)) bad++ }
  END { exit !(n == 101 && bad == 0) }' "$tmp/hang.csv"
first=
for s in ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2; do
  "$LGSIM" run doublependulum "$s" --h 0.01 --T 0.1 --reactions -o "$tmp/$s.csv"
  check "$s writes the reactions of the double pendulum" test $? -eq 0
  row=$(grep -v '^#' "$tmp/$s.csv" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "F1_1") c = i }
    NR == 2 { print $c, $(c+1), $(c+2), $(c+3), $(c+4), $(c+5) }')
  [ -z "$first" ] && first=$row
  check "... the same reactions at t = 0 as ref ($row)" test "$row" = "$first"
done
"$LGSIM" run planar rk4 --T 0.1 --reactions -o "$tmp/none.csv" 2> "$tmp/err"
check "--reactions for a planar model: exit 2" test $? -eq 2
check "... naming the model and its family" \
  grep -q -- "--reactions: model planar (family planar) has no joints" "$tmp/err"
check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
check "... no output" test ! -e "$tmp/none.csv"
finish
