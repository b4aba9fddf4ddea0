# mbforce.sh: springs, forces and torques in model files through lgsim: bad
# statements, refusals, parameters.
. "$(dirname "$0")/common.inc"
head='model s\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\n'
# bad: the statement (line 6), then the start of the message after "FILE:6: "
while IFS= read -r stmt && IFS= read -r want; do
  printf "${head}%s\n" "$stmt" > "$tmp/bad.mb"
  "$LGSIM" run --model-file "$tmp/bad.mb" ref -o "$tmp/none.csv" 2> "$tmp/err"
  st=$?
  check "'$stmt': exit 2" test $st -eq 2
  case $(cat "$tmp/err") in
    "lgsim: $tmp/bad.mb:6: $want"*) ok "... '$want'" ;;
    *) fail "... '$want': got '$(cat "$tmp/err")'" ;;
  esac
  check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
  check "... no output" test ! -e "$tmp/none.csv"
done <<'CASES'
spring ground 0 0 0 a 0 0 0 stiffness 1 damping 0
spring: no 'length' (give stiffness K, damping C and length L0)
spring ground 0 0 0 a 0 0 stiffness 1 damping 0 length 1
spring: 'stiffness' is not a finite number
spring ground 0 0 0 b 0 0 0 stiffness 1 damping 0 length 1
spring: no body named 'b' above this line (or 'ground')
spring ground 0 0 0 a 0 0 0 stiffness -1 damping 0 length 1
spring: stiffness -1 is negative (it must be zero or more)
spring ground 0 0 0 a 0 0 0 stiffness 1 damping -0.5 length 1
spring: damping -0.5 is negative (it must be zero or more)
spring ground 0 0 0 a 0 0 0 stiffness 1 damping 0 length -2
spring: length -2 is negative (it must be zero or more)
spring ground 0 0 0 a 0 0 0 stiffness inf damping 0 length 1
spring: stiffness 'inf' is not a number
spring ground 0 0 0 a 0 0 0 stiffness 1e999 damping 0 length 1
spring: stiffness '1e999' is not a finite number
spring ground 0 0 0 a 0 0 0 stiffness 1 damping nan length 1
spring: damping 'nan' is not a number
spring ground 0 0 0 a 0 0 0 stiffness 1 stiffness 2 damping 0 length 1
spring: 'stiffness' is given twice
spring ground 0 0 0 a 0 0 0 stiffness 1 damping 0 length 1 7
spring: unexpected '7' (stiffness K, damping C and length L0 follow the two points)
spring ground 0 0 0 a 0 0 0 stiffness 1 damping 0 length
spring: 'length' needs a number
spring a 0 0 0 a 1 0 0 stiffness 1 damping 0 length 1
spring: both sides are body 'a' (its length could not change)
spring ground 0 0 0 ground 1 0 0 stiffness 1 damping 0 length 1
spring: both sides are the ground
spring ground 0 0 -1 a 0 0 0 stiffness 1 damping 0 length 1
spring 1: its two points coincide at t = 0, so its direction is undefined
force a 1 2
'force' needs 3 numbers, found 2
force a 1 2 3 4
'force' takes 3 numbers; '4' is one too many
force a 1 2 1e999
'force': '1e999' is not a finite number
force b 1 2 3
force: no body named 'b' above this line
force ground 1 2 3
force: the ground takes no force
torque a 1 x 3
'torque': 'x' is not a number
torque c 1 2 3
torque: no body named 'c' above this line
CASES
# a good file: parameters listed, --set reaches them and is checked
{ printf "$head"
  echo 'spring ground 0 0 0 a 0 0 0 stiffness 50 damping 0.5 length 0.5'
  printf 'force a 0 0 1\ntorque a 0 0 0.25\n'; } > "$tmp/s.mb"
"$LGSIM" run --model-file "$tmp/s.mb" ref --T 0.1 > "$tmp/out.csv"
check "spring, force and torque: ref runs" test $? -eq 0
for p in 'S1a = 0,0,0 \[m\]' 'K1 = 50 \[N/m\]' 'C1 = 0.5 \[N s/m\]' 'L1 = 0.5 \[m\]' \
         'F1 = 0,0,1 \[N\]' 'T1 = 0,0,0.25 \[N m\]'; do
  check "... header records $p" grep -q "^# param $p" "$tmp/out.csv"
done
# the damper takes about 60 % of the energy in 2 s: the column is energy_nc,
# which lgsim does not watch, so --strict passes and nothing is said
"$LGSIM" run --model-file "$tmp/s.mb" ref --T 2 --strict > "$tmp/out2.csv" 2> "$tmp/err"
check "damped spring, --T 2 --strict: exit 0" test $? -eq 0
check "... column energy_nc" grep -q ',energy_nc,orth_err,' "$tmp/out2.csv"
check "... no warning" test ! -s "$tmp/err"
# an undamped spring is conservative: the column is energy, and it is watched
{ printf "$head"
  echo 'angvel 0 0 1'
  echo 'spring ground 0 0 0 a 0 0 0.2 stiffness 30 damping 0 length 0.5'; } > "$tmp/u.mb"
"$LGSIM" run --model-file "$tmp/u.mb" dh --T 5 --strict > "$tmp/out3.csv" 2> "$tmp/err"
check "undamped spring, dh --T 5 --strict: exit 0" test $? -eq 0
check "... column energy" grep -q ',energy,orth_err,' "$tmp/out3.csv"
d=$(grep -v '^#' "$tmp/out3.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "energy") c = i
  next } NR == 2 { e0 = $c } { d = $c - e0; if (d < 0) d = -d; if (d > m) m = d }
  END { printf "%.3g", m / (e0 < 0 ? -e0 : e0) }')
check "... its energy kept to $d of its magnitude (< 1e-3)" awk -v d="$d" 'BEGIN { exit !(d < 1e-3) }'
"$LGSIM" run --model-file "$tmp/u.mb" dh --T 1 --set C1=0.3 -o "$tmp/none.csv" 2> "$tmp/err"
check "--set C1=0.3 on a file without dampers: exit 2" test $? -eq 2
check "... naming C1 and the column" grep -q "parameter C1: 0.3 gives a damper.*energy_nc" "$tmp/err"
check "... no output" test ! -e "$tmp/none.csv"
sed 's/damping 0 /damping 0.2 /' "$tmp/u.mb" > "$tmp/ud.mb"
"$LGSIM" run --model-file "$tmp/ud.mb" dh --T 0.1 > "$tmp/out4.csv"
check "the same spring damped: column energy_nc" grep -q ',energy_nc,orth_err,' "$tmp/out4.csv"
"$LGSIM" run --model-file "$tmp/s.mb" ref --set K1=-3 2> "$tmp/err" > /dev/null
check "--set K1=-3: exit 2" test $? -eq 2
check "... naming K1" grep -q "K1" "$tmp/err"
"$LGSIM" run --model-file "$tmp/s.mb" dl -o "$tmp/none.csv" 2> "$tmp/err"
check "dl refuses the damped spring: exit 2" test $? -eq 2
want="depend on the velocities (spring 1, damping .*, at $tmp/s.mb line 6)"
check "... naming the scheme and the statement" grep -q "scheme dl does not take forces that $want" \
  "$tmp/err"
check "... no output" test ! -e "$tmp/none.csv"
for s in dh rattlie galpha rkmk4 rkmk4-proj imid-index2; do
  "$LGSIM" run --model-file "$tmp/s.mb" "$s" --T 0.1 > /dev/null
  check "$s runs the spring, force and torque" test $? -eq 0
done
finish
