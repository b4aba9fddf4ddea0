# jointload.sh: joint springs and joint forces through lgsim: the robot arm
# with every scheme, the energy column, and the refusals of bad statements.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples/robot-arm.mb
for s in ref dh rattlie dl galpha imid-index2 rkmk4 rkmk4-proj; do
  "$LGSIM" run --model-file "$ex" "$s" --h 0.001 --T 5 --every 10 -o "$tmp/$s.csv" 2> "$tmp/$s.err"
  check "$s runs the robot arm 5 s (exit 0, nothing on stderr)" test $? -eq 0 -a ! -s "$tmp/$s.err"
  r=$(grep -v '^#' "$tmp/$s.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) {
        if ($i == "energy") e = i; if ($i == "phi_err") p = i } next }
      NR == 2 { e0 = $e } { d = $e - e0; if (d < 0) d = -d; if (d > m) m = d
        if ($p > ph) ph = $p } END { printf "%.3g %.3g", m, ph }')
  de=${r% *}; ph=${r#* }
  check "$s: energy within 1e-3 J of its start ($de J)" awk -v d="$de" 'BEGIN { exit !(d < 1e-3) }'
  check "$s: joints held ($ph m < 1e-6 m)" awk -v d="$ph" 'BEGIN { exit !(d < 1e-6) }'
done
check "conservative joint loads keep the column energy" \
  grep -q '^t,.*,energy,orth_err' "$tmp/ref.csv"
# the structured Newton system (a joint load's group, as a spring's) against
# GSL's dense Newton iteration: the same state after 1 s to 1e-9
for s in dh rattlie galpha imid-index2; do
  "$LGSIM" run --model-file "$ex" "$s" --h 0.001 --T 1 --every 1000 -o "$tmp/a.csv" 2> /dev/null
  "$LGSIM" run --model-file "$ex" "$s" --h 0.001 --T 1 --every 1000 --newton-solver newton \
    -o "$tmp/b.csv" 2> /dev/null
  grep -v '^#' "$tmp/a.csv" | tail -1 > "$tmp/a.row"
  grep -v '^#' "$tmp/b.csv" | tail -1 > "$tmp/b.row"
  d=$(paste -d, "$tmp/a.row" "$tmp/b.row" | awk -F, '{ n = NF / 2
      for (i = 2; i <= 55; i++) { x = $i - $(i + n); if (x < 0) x = -x; if (x > m) m = x }
      printf "%.3g", m }')
  check "$s: sparse and dense Newton systems agree at t = 1 ($d < 1e-9)" \
    awk -v d="$d" 'BEGIN { exit !(d < 1e-9) }'
done
"$LGSIM" animate "$tmp/dh.csv" --every 50 -o "$tmp/arm.gif" 2> "$tmp/anim.err"
check "lgsim animate draws the arm (its joint loads at their joints)" \
  test $? -eq 0 -a -s "$tmp/arm.gif"
sed 's/^joint-spring 2 stiffness 20 damping 0 /joint-spring 2 stiffness 20 damping 0.05 /' "$ex" \
  > "$tmp/damped.mb"
"$LGSIM" run --model-file "$tmp/damped.mb" ref --T 1 -o "$tmp/damped.csv"
check "a damped joint spring: ref runs" test $? -eq 0
check "... and names the column energy_nc" grep -q '^t,.*,energy_nc,orth_err' "$tmp/damped.csv"
"$LGSIM" run --model-file "$tmp/damped.mb" dl --T 0.1 -o "$tmp/none.csv" 2> "$tmp/err"
check "dl refuses the damper (exit 2, its line)" \
  test $? -eq 2 -a -n "$(grep "damped.mb line 27" "$tmp/err")"
"$LGSIM" run --model-file "$ex" ref --T 0.1 --set KJ2=-1 -o "$tmp/none.csv" 2> "$tmp/err"
check "--set KJ2=-1: exit 2 naming KJ2" test $? -eq 2 -a -n "$(grep "KJ2: -1 is negative" "$tmp/err")"
"$LGSIM" run --model-file "$ex" ref --T 0.1 --set CJ1=0.1 -o "$tmp/none.csv" 2> "$tmp/err"
check "--set CJ1=0.1 (a damper the file did not have): exit 2" test $? -eq 2
# each bad statement: exit 2, FILE:LINE and the value at fault
bad() { # bad DESCRIPTION EXPECTED LINE...: the lines appended to a hinge and a ball
  d=$1; want=$2; shift 2
  { printf 'model bad\ngravity 9.81 0 0 -1\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\n'
    printf 'body b\nmass 1\ninertia 1 1 1\nposition 0 0 -2\n'
    printf 'joint revolute ground 0 0 0 a 0 0 1 axis 0 1 0\njoint a 0 0 -0.5 b 0 0 0.5\n'
    printf 'body c\nmass 1\ninertia 1 1 1\nposition 0 0 -3\n'
    printf 'joint weld b 0 0 -0.5 c 0 0 0.5\n'
    printf 'joint cylindrical ground 1 0 0 c 1 0 3 axis 0 0 1\n'
    for l in "$@"; do printf '%s\n' "$l"; done; } > "$tmp/bad.mb"
  "$LGSIM" run --model-file "$tmp/bad.mb" ref --T 0.1 -o "$tmp/none.csv" 2> "$tmp/err"
  st=$?
  check "$d: exit 2 ($st)" test "$st" -eq 2
  check "$d: names bad.mb:19 and '$want'" grep -q "bad.mb:19: .*$want" "$tmp/err"
  check "$d: nothing written" test ! -e "$tmp/none.csv"
}
bad "joint-spring on a spherical joint" "joint 2 is spherical" \
  "joint-spring 2 stiffness 1 damping 0 rest 0"
bad "joint-spring on a weld" "joint 3 is a weld" "joint-spring 3 stiffness 1 damping 0 rest 0"
bad "joint-force on a spherical joint" "joint 2 is spherical" "joint-force 2 1.5"
bad "negative stiffness" "stiffness -2 is negative" "joint-spring 1 stiffness -2 damping 0 rest 0"
bad "negative damping" "damping -0.1 is negative" "joint-spring 1 stiffness 2 damping -0.1 rest 0"
bad "joint number out of range" "joint '5' is not the number of a joint" \
  "joint-spring 5 stiffness 2 damping 0 rest 0"
bad "joint number 0" "joint '0' is not the number of a joint" "joint-force 0 1"
bad "a cylindrical joint without its coordinate" "give 'coordinate 1' (the angle)" \
  "joint-spring 4 stiffness 2 damping 0 rest 0"
bad "coordinate 2 of a revolute joint" "coordinate '2' of joint 1 (revolute) is not 1" \
  "joint-force 1 coordinate 2 1"
bad "a missing rest" "no 'rest'" "joint-spring 1 stiffness 2 damping 0"
bad "a joint force without a value" "needs K \[coordinate I\] VALUE" "joint-force 1"
finish
