# joint-coordinates.sh: lgsim run --joint-coordinates against the other
# columns of the same run and against closed forms.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
# col FILE NAME...: print the named columns of a run's rows, space-separated
col() {
  f=$1; shift
  grep -v '^#' "$f" | awk -F, -v want="$*" '
    NR == 1 { n = split(want, w, " "); for (i = 1; i <= NF; i++) c[$i] = i
              for (k = 1; k <= n; k++) if (!(w[k] in c)) { print "no column " w[k] > "/dev/stderr"; exit 1 }
              next }
    { s = ""; for (k = 1; k <= n; k++) s = s (k > 1 ? " " : "") $(c[w[k]]); print s }'
}
# max_abs: the largest absolute value of the first field
# (no rows at all: 1e300, which no tolerance passes)
max_abs() { awk 'BEGIN { m = 0 } { a = $1 < 0 ? -$1 : $1; if (a > m) m = a }
                 END { printf "%.3g\n", NR ? m : 1e300 }'; }
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# a pendulum on a hinge about x, swinging over the top
cat > "$tmp/hinge.mb" <<'MB'
model hinge
gravity 9.81 0 0 -1
body rod
  mass 1
  inertia 0.0833 0.0833 0.001
  position 0 0 -0.5
  angvel 9 0 0
  velocity 0 4.5 0
joint revolute ground 0 0 0 rod 0 0 0.5 axis 1 0 0
MB
"$LGSIM" run --model-file "$tmp/hinge.mb" dh --h 0.01 --T 3 --joint-coordinates -o "$tmp/h.csv"
check "hinge: the run succeeds" test $? -eq 0
check "hinge: the header records the option" grep -q '^# joint_coordinates = 1$' "$tmp/h.csv"
col "$tmp/h.csv" q1 qd1 R1_11 R1_21 R1_31 R1_22 R1_23 R1_32 R1_33 W1_1 W1_2 W1_3 > "$tmp/h.txt"
e=$(awk 'BEGIN { pi = atan2(0, -1) }
  { a = atan2($8 - $7, $6 + $9)
    if (NR > 1) { while (a - p > pi) a -= 2 * pi; while (a - p < -pi) a += 2 * pi }
    p = a; print $1 - a }' "$tmp/h.txt" | max_abs)
check "hinge: q1 is the angle of R about x over 3 s ($e < 1e-10)" below "$e" 1e-10
e=$(awk '{ print $2 - ($3 * $10 + $4 * $11 + $5 * $12) }' "$tmp/h.txt" | max_abs)
check "hinge: qd1 is the rate about the axis ($e < 1e-10)" below "$e" 1e-10
m=$(awk 'BEGIN { m = 0 } $1 > m { m = $1 } END { print m }' "$tmp/h.txt")
check "hinge: the angle passes pi ($m rad)" below 3.1415926535897932 "$m"
first=$(awk 'NR == 1 { print $1; exit }' "$tmp/h.txt")
check "hinge: q1 = 0 at t = 0 ($first)" below "$(echo "$first" | max_abs)" 1e-15

# a wheel spinning freely about its hinge: 7 rad/s for 3 s
cat > "$tmp/wheel.mb" <<'MB'
model wheel
gravity 9.81 0 0 -1
body wheel
  mass 2
  inertia 0.5 0.25 0.25
  position 0 0 0
  angvel 7 0 0
joint revolute ground 0 0 0 wheel 0 0 0 axis 1 0 0
MB
"$LGSIM" run --model-file "$tmp/wheel.mb" ref --h 0.01 --T 3 --joint-coordinates -o "$tmp/w.csv"
check "wheel: the run succeeds" test $? -eq 0
col "$tmp/w.csv" t q1 qd1 > "$tmp/w.txt"
j=$(awk 'NR > 1 { d = $2 - p; if (d < 0 || d > 1.5707963) n++ } { p = $2 } END { print n + 0 }' "$tmp/w.txt")
check "wheel: q1 never jumps back nor by a quarter turn ($j rows do)" test "$j" -eq 0
e=$(tail -1 "$tmp/w.txt" | awk '{ print $2 - 21 }' | max_abs)
check "wheel: q1 = 21 rad at t = 3, through pi and 6 turns ($e < 1e-8)" below "$e" 1e-8
e=$(awk '{ print $3 - 7 }' "$tmp/w.txt" | max_abs)
check "wheel: qd1 = 7 rad/s ($e < 1e-8)" below "$e" 1e-8

# a block sliding along the oblique axis (0, 1, 1) under gravity
cat > "$tmp/slide.mb" <<'MB'
model slide
gravity 9.81 0 0 -1
body block
  mass 1
  inertia 0.1 0.1 0.1
  position 0 1 1
  velocity 0 0.5 0.5
joint prismatic ground 0 1 1 block 0 0 0 axis 0 1 1
MB
"$LGSIM" run --model-file "$tmp/slide.mb" ref --h 0.01 --T 2 --joint-coordinates -o "$tmp/s.csv"
check "prismatic: the run succeeds" test $? -eq 0
col "$tmp/s.csv" t q1 qd1 x1_1 x1_2 x1_3 v1_1 v1_2 v1_3 > "$tmp/s.txt"
e=$(awk '{ r = sqrt(0.5); print $2 - (($5 - 1) * r + ($6 - 1) * r) }' "$tmp/s.txt" | max_abs)
check "prismatic: q1 = (x - x0) . U ($e < 1e-12)" below "$e" 1e-12
e=$(awk '{ r = sqrt(0.5); print $3 - ($8 * r + $9 * r) }' "$tmp/s.txt" | max_abs)
check "prismatic: qd1 = v . U ($e < 1e-12)" below "$e" 1e-12
e=$(awk '{ print $2 - (sqrt(0.5) * $1 - 9.81 * $1 * $1 / (2 * sqrt(2))) }' "$tmp/s.txt" | max_abs)
check "prismatic: q1 = v0 t - g t^2 / (2 sqrt 2) ($e < 1e-9)" below "$e" 1e-9

# a body spinning at 5 rad/s and falling along a cylindrical joint on e3
cat > "$tmp/cyl.mb" <<'MB'
model cyl
gravity 9.81 0 0 -1
body spinner
  mass 1
  inertia 0.2 0.2 0.3
  position 0 0 0
  angvel 0 0 5
  velocity 0 0 2
joint cylindrical ground 0 0 0 spinner 0 0 0 axis 0 0 1
MB
"$LGSIM" run --model-file "$tmp/cyl.mb" ref --h 0.01 --T 2 --joint-coordinates -o "$tmp/c.csv"
check "cylindrical: the run succeeds" test $? -eq 0
col "$tmp/c.csv" t q1_1 q1_2 qd1_1 qd1_2 > "$tmp/c.txt"
e=$(awk '{ print $2 - 5 * $1 }' "$tmp/c.txt" | max_abs)
check "cylindrical: q1_1 = 5 t, unwrapped ($e < 1e-8)" below "$e" 1e-8
e=$(awk '{ print $3 - (2 * $1 - 9.81 * $1 * $1 / 2) }' "$tmp/c.txt" | max_abs)
check "cylindrical: q1_2 = 2 t - g t^2 / 2 ($e < 1e-8)" below "$e" 1e-8
e=$(awk '{ a = $4 - 5; b = $5 - (2 - 9.81 * $1)
           print (a < 0 ? -a : a) + (b < 0 ? -b : b) }' "$tmp/c.txt" | max_abs)
check "cylindrical: the rates are 5 and 2 - g t ($e < 1e-8)" below "$e" 1e-8

# the hinge and the cardan joint: each rate is the derivative of its angle
"$LGSIM" run --model-file "$top/src/model/examples/hinge-cardan.mb" dh --h 0.001 --T 1 \
  --joint-coordinates -o "$tmp/u.csv"
check "universal: the run succeeds" test $? -eq 0
check "universal: the columns q1, qd1, q2_1, q2_2, qd2_1, qd2_2" \
  grep -q 'q1,qd1,q2_1,q2_2,qd2_1,qd2_2,newton_iters$' "$tmp/u.csv"
col "$tmp/u.csv" t q1 qd1 q2_1 q2_2 qd2_1 qd2_2 > "$tmp/u.txt"
e=$(awk '{ t[NR] = $1; for (i = 2; i <= 7; i++) v[NR, i] = $i }
  END { split("2 3 4 6 5 7", p, " ")
        for (r = 2; r < NR; r++) for (j = 1; j <= 5; j += 2) {
          i = p[j]; k = p[j + 1]; d = (v[r + 1, i] - v[r - 1, i]) / (t[r + 1] - t[r - 1])
          print d - v[r, k] } }' "$tmp/u.txt" | max_abs)
check "universal and hinge: rates are the central differences of the angles ($e < 1e-4)" \
  below "$e" 1e-4

# a block sliding out along a spinning arm: the prismatic joint's first side turns
cat > "$tmp/arm.mb" <<'MB'
model arm
gravity 9.81 0 0 -1
body arm
  mass 2
  inertia 0.01 0.2 0.2
  position 0.5 0 0
  angvel 0 0 2
  velocity 0 1 0
body block
  mass 0.5
  inertia 0.01 0.01 0.01
  position 0.8 0 0
  angvel 0 0 2
  velocity 0.3 1.6 0
joint revolute ground 0 0 0 arm -0.5 0 0 axis 0 0 1
joint prismatic arm 0.3 0 0 block 0 0 0 axis 1 0 0
MB
"$LGSIM" run --model-file "$tmp/arm.mb" dh --h 0.001 --T 1 --joint-coordinates -o "$tmp/a.csv"
check "arm and slider: the run succeeds" test $? -eq 0
col "$tmp/a.csv" t q1 qd1 q2 qd2 > "$tmp/a.txt"
e=$(awk '{ t[NR] = $1; for (i = 2; i <= 5; i++) v[NR, i] = $i }
  END { for (r = 2; r < NR; r++) for (i = 2; i <= 4; i += 2) {
          d = (v[r + 1, i] - v[r - 1, i]) / (t[r + 1] - t[r - 1]); print d - v[r, i + 1] } }' \
  "$tmp/a.txt" | max_abs)
check "arm and slider: rates are the central differences ($e < 1e-5)" below "$e" 1e-5

# refused: another family, no joint with a coordinate
"$LGSIM" run planar rk4 --T 0.1 --joint-coordinates -o "$tmp/none.csv" 2> "$tmp/err"
check "--joint-coordinates for a planar model: exit 2" test $? -eq 2
check "... naming the model and its family" \
  grep -q -- "--joint-coordinates: model planar (family planar) has no joints" "$tmp/err"
check "... no output" test ! -e "$tmp/none.csv"
"$LGSIM" run doublependulum dh --T 0.1 --joint-coordinates -o "$tmp/none.csv" 2> "$tmp/err"
check "--joint-coordinates for spherical joints only: exit 2" test $? -eq 2
check "... saying so" grep -q -- "has no joint with a coordinate" "$tmp/err"
check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
check "... no output" test ! -e "$tmp/none.csv"
finish
