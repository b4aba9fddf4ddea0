# mbtensor.sh: full inertia tensors in model files through lgsim: bad
# tensors, --set and list, the output in the file's frame.
. "$(dirname "$0")/common.inc"
head='model t\nbody a\nmass 1\nposition 0 0 0\n'
# bad: the inertia statement (line 5, named by the parser and by the check
# alike), then the message after "FILE:LINE: "
while IFS= read -r stmt && IFS= read -r line && IFS= read -r want; do
  printf "${head}%s\n" "$stmt" > "$tmp/bad.mb"
  "$LGSIM" run --model-file "$tmp/bad.mb" ref -o "$tmp/none.csv" 2> "$tmp/err"
  st=$?
  check "'$stmt': exit 2" test $st -eq 2
  case $(cat "$tmp/err") in
    "lgsim: $tmp/bad.mb:$line: $want"*) ok "... '$want'" ;;
    *) fail "... '$want': got '$(cat "$tmp/err")'" ;;
  esac
  check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
  check "... no output" test ! -e "$tmp/none.csv"
done <<'CASES'
inertia 1 1 1 0 0
5
'inertia' needs 3 numbers, found 5 (or 6, a full tensor: J11 J22 J33 J12 J13 J23)
inertia 1 1 1 0 0 inf
5
'inertia': 'inf' is not a number
inertia 1 1 1 0 0 -1e999
5
'inertia': '-1e999' is not a finite number
inertia 1 2 3 0 0 2.5
5
parameter J1 (body a): 1,2,3,0,0,2.5 is not positive definite (principal moments
inertia 1 2 6 0.1 0.2 0.3
5
parameter J1 (body a): 1,2,6,0.1,0.2,0.3 violates the triangle inequality
CASES
printf "${head}inertia 0.2 0.3 0.25 0.01 -0.02 0.03\nrotation 0 -1 0 1 0 0 0 0 1\nangvel 1 2 3\n" \
  > "$tmp/good.mb"
"$LGSIM" list --model-file "$tmp/good.mb" > "$tmp/list"
check "list: J1 shows the six numbers" grep -q '^  J1 *0.2,0.3,0.25,0.01,-0.02,0.03 ' "$tmp/list"
check "... and says they are the tensor" grep -q 'J11,J22,J33,J12,J13,J23' "$tmp/list"
"$LGSIM" run --model-file "$tmp/good.mb" rkmk4 --T 0.1 > "$tmp/out.csv"
check "a full tensor: rkmk4 runs" test $? -eq 0
check "... header records J1 as given" grep -q \
  '^# param J1 = 0.20000000000000001,0.29999999999999999,0.25,0.01,-0.02,0.029999999999999999 ' \
  "$tmp/out.csv"
check "... first row in the file's frame (R and W within 2e-15)" awk -F, '
  /^#/ || /^t,/ { next }
  { split("0 -1 0 1 0 0 0 0 1", R, " "); split("1 2 3", W, " "); e = 0
    for (i = 1; i <= 9; i++) { d = $(4 + i) - R[i]; if (d < 0) d = -d; if (d > e) e = d }
    for (i = 1; i <= 3; i++) { d = $(13 + i) - W[i]; if (d < 0) d = -d; if (d > e) e = d }
    exit !(e <= 2e-15) }' "$tmp/out.csv"
"$LGSIM" run --model-file "$tmp/good.mb" ref --T 0.1 --set J1=0.2,0.3,0.25,0,0,0.3 \
  > /dev/null 2> "$tmp/err"
check "--set J1 with six numbers: a bad one is refused (exit 2)" test $? -eq 2
check "... naming it, without the file's line" grep -q \
  "^lgsim: parameter J1 (body a): 0.2,0.3,0.25,0,0,0.3 is not positive definite" "$tmp/err"
"$LGSIM" run --model-file "$tmp/good.mb" ref --T 0.1 --set J1=0.3,0.3,0.3,0,0,0.1 > /dev/null
check "--set J1 with six good numbers runs" test $? -eq 0
"$LGSIM" run --model-file "$tmp/good.mb" ref --set J1=1,1,1 > /dev/null 2> "$tmp/err"
check "--set J1 with three numbers for a tensor: exit 2" test $? -eq 2
check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
finish
