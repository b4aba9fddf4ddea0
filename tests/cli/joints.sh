# joints.sh: joints other than spherical through lgsim: the schemes that
# take them, the schemes that refuse them, bad statements, --set of an axis.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples/hinge-cardan.mb
for s in ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2; do
  "$LGSIM" run --model-file "$ex" "$s" --h 0.01 --T 1 -o "$tmp/$s.csv"
  check "$s runs the hinge and the cardan joint" test $? -eq 0
done
# a file without a doc line is not described as of spherical joints
grep -v '^doc' "$ex" > "$tmp/nodoc.mb"
"$LGSIM" list --model-file "$tmp/nodoc.mb" > "$tmp/nodoc.txt"
check "list: a file without doc says so" \
  test "$(head -1 "$tmp/nodoc.txt")" = "hinge-cardan: rigid bodies and their joints (the file has no doc line)"
for s in ref rkmk4-proj dh rattlie dl; do
  e=$(grep -v '^#' "$tmp/$s.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "phi_err") c = i }
                                           END { print $c }')
  check "$s holds the joints at t = 1 ($e < 1e-9)" awk -v e="$e" 'BEGIN { exit !(e < 1e-9) }'
done
# galpha (index 3) imposes them at every step: round-off
e=$(grep -v '^#' "$tmp/galpha.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "phi_err") c = i }
                                          END { print $c }')
check "galpha holds the joints at t = 1 ($e < 1e-14)" awk -v e="$e" 'BEGIN { exit !(e < 1e-14) }'
"$LGSIM" run --model-file "$ex" ref --T 0.1 --set U1=0,0,0 -o "$tmp/none.csv" 2> "$tmp/err"
check "--set U1=0,0,0: exit 2" test $? -eq 2
check "... names the zero axis" grep -q "U1 (joint 1, revolute) is zero" "$tmp/err"
"$LGSIM" run --model-file "$ex" ref --T 0.1 --set V2=1,1,0 -o "$tmp/none.csv" 2> "$tmp/err"
check "--set V2=1,1,0: exit 2" test $? -eq 2
check "... axes not perpendicular" grep -q "U2 and V2 (joint 2, universal) are not perpendicular" "$tmp/err"
check "... no output" test ! -e "$tmp/none.csv"
head='model s\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\n'
while IFS= read -r stmt && IFS= read -r want; do
  printf "${head}%s\n" "$stmt" > "$tmp/bad.mb"
  "$LGSIM" run --model-file "$tmp/bad.mb" ref -o "$tmp/none.csv" 2> "$tmp/err"
  check "'$stmt': exit 2" test $? -eq 2
  case $(cat "$tmp/err") in
    "lgsim: $tmp/bad.mb:6: $want"*) ok "... '$want'" ;;
    *) fail "... '$want': got '$(cat "$tmp/err")'" ;;
  esac
  check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
  check "... no output" test ! -e "$tmp/none.csv"
done <<'CASES'
joint revolute ground 0 0 1 a 0 0 2
'joint revolute' needs SIDE x y z SIDE x y z axis U1 U2 U3
joint revolute ground 0 0 1 a 0 0 2 axis 1 0
joint revolute: axis: 'axis' needs 3 numbers, found 2
joint prismatic ground 0 0 1 a 0 0 2 axis 1 nan 0
joint prismatic: axis: 'nan' is not a number
joint cylindrical ground 0 0 1 a 0 0 2 axis 0 0 0
joint cylindrical: axis 1 is zero (give a direction)
joint universal ground 0 0 1 a 0 0 2 axis 1 0 0 axis 1 0.5 0
joint universal: the axes are not perpendicular
joint weld ground 0 0 1 b 0 0 2
joint: no body named 'b' above this line (or 'ground')
joint revolute ground 0 0 0 a 0 0 2 axis 1 0 0
joint 1: the initial positions miss it by
CASES
finish
