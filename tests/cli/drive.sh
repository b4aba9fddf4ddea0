# drive.sh: drives through lgsim: a driven hinge against its closed forms
# (angle, torque, reaction, power), the driven slider-crank with every
# scheme and --assemble, the schemes' orders with a drive, and the refusals
# of bad statements.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples/slider-crank-driven.mb
schemes="ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2"
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'; }
# a rod of m = 2 kg, centre d = 0.5 m from a horizontal hinge, at 1 rad/s
cat > "$tmp/hinge.mb" << 'END'
model driven-hinge
gravity 9.81 0 0 -1
body rod
  mass 2
  inertia 0.001 0.16666666666666666 0.16666666666666666
  position 0.5 0 0
  angvel 0 1 0
  velocity 0 0 -0.5
joint revolute ground 0 0 0 rod -0.5 0 0 axis 0 1 0
drive 1 speed 1
END
for s in $schemes; do
  # the step: 0.01, but 0.001 for galpha and imid-index2 and 0.0005 for dl,
  # whose velocities are off the joints' velocity constraint by O(h^2) and
  # so the kinetic energy of the power balance (measured at h = 0.01: 4e-6,
  # 3e-5 and 2e-4 J)
  h=0.01
  case $s in galpha|imid-index2) h=0.001;; dl) h=0.0005;; esac
  "$LGSIM" run --model-file "$tmp/hinge.mb" "$s" --h "$h" --T 2 --reactions \
    --joint-coordinates -o "$tmp/h-$s.csv" 2> "$tmp/err"
  check "driven hinge, $s: exit 0" test $? -eq 0
  # max |q1 - t|, max ||tau| - m g d |cos q1||, max |M1_2 - tau| (the
  # reaction's component along the axis), and the power balance
  # |E(T) - E(0) - int tau qd1 dt| (Simpson's rule over the 2 / h + 1 rows)
  r=$(grep -v '^#' "$tmp/h-$s.csv" | awk -F, -v h="$h" 'BEGIN { n = 0 }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
      next }
    function abs(x) { return x < 0 ? -x : x }
    { q = $c["q1"]; tau = $c["drive1"]; e = abs(q - $1); if (e > mq) mq = e
      e = abs(abs(tau) - 2 * 9.81 * 0.5 * abs(cos(q))); if (e > mt) mt = e
      e = abs($c["M1_2"] - tau); if (e > mm) mm = e
      p[n] = tau * $c["qd1"]; E[n] = $c["energy_nc"]; n++ }
    END { s = p[0] + p[n - 1]; for (i = 1; i < n - 1; i++) s += (i % 2 ? 4 : 2) * p[i]
      s *= h / 3
      printf "%.3g %.3g %.3g %.3g", mq, mt, mm, abs(E[n - 1] - E[0] - s) }')
  set -- $r
  check "driven hinge, $s at h = $h: q1 = t to $1 (1e-9)" lt "$1" 1e-9
  check "driven hinge, $s: |drive1| = m g d |cos q1| to $2 N m (1e-6)" lt "$2" 1e-6
  check "driven hinge, $s: M1_2 (along the axis) = drive1 to $3 N m (1e-9)" lt "$3" 1e-9
  check "driven hinge, $s: drive power = dE/dt, E(2) - E(0) = its integral to $4 J (1e-6)" \
    lt "$4" 1e-6
done
# the slider-crank at 80 rad/s, written to 4 digits: every scheme starts at
# qd1 = 80, keeps q1 - q1(0) = 80 t and the joints; rkmk4 and imid-index2,
# which do not hold the positions on the joints, at the steps that bring
# their drift (order 4 and 2, below) within the bar
for s in $schemes; do
  h=0.0005
  [ "$s" = rkmk4 ] && h=0.0002
  [ "$s" = imid-index2 ] && h=0.00001
  "$LGSIM" run --model-file "$ex" "$s" --assemble --h "$h" --T 0.2 --every 10 \
    --joint-coordinates --reactions -o "$tmp/sc.csv" 2> "$tmp/err"
  check "slider-crank, $s: exit 0" test $? -eq 0
  r=$(grep -v '^#' "$tmp/sc.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
      next }
    function abs(x) { return x < 0 ? -x : x }
    !n++ { q0 = $c["q1"]; d0 = abs($c["qd1"] - 80) }
    { e = abs($c["q1"] - q0 - 80 * $1); if (e > mq) mq = e
      if ($c["phi_err"] > mp) mp = $c["phi_err"] }
    END { printf "%.3g %.3g %.3g", d0, mq, mp }')
  set -- $r
  check "slider-crank, $s at h = $h: qd1(0) = 80 to $1 rad/s (1e-9)" lt "$1" 1e-9
  check "slider-crank, $s: q1 - q1(0) = 80 t to $2 rad (1e-8)" lt "$2" 1e-8
  check "slider-crank, $s: joints held to $3 m (1e-8)" lt "$3" 1e-8
done
check "a drive makes the energy column energy_nc" grep -q '^t,.*,energy_nc,orth_err' "$tmp/sc.csv"
# assembly keeps what the joints allow: a rod spinning at 2 rad/s about its
# free hinge below a driven rod at rest, given also a velocity out of the
# plane (forbidden); the drive asks 1.5 rad/s of the upper hinge
cat > "$tmp/keep.mb" << 'END'
model keep
gravity 9.81 0 0 -1
body rod1
  mass 1
  inertia 0.001 0.08333333333333333 0.08333333333333333
  position 0.5 0 0
body rod2
  mass 1
  inertia 0.001 0.08333333333333333 0.08333333333333333
  position 1.5 0 0
  angvel 0 2 0
  velocity 0 0.3 -1
joint revolute ground 0 0 0 rod1 -0.5 0 0 axis 0 1 0
joint revolute rod1 0.5 0 0 rod2 -0.5 0 0 axis 0 1 0
drive 1 speed 1.5
END
for s in ref dh; do
  "$LGSIM" run --model-file "$tmp/keep.mb" "$s" --assemble --h 0.01 --T 0.01 \
    --joint-coordinates -o "$tmp/keep.csv" 2> /dev/null
  r=$(grep -v '^#' "$tmp/keep.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
      next }
    function abs(x) { return x < 0 ? -x : x }
    NR == 2 { printf "%.3g %.3g %.3g", abs($c["qd1"] - 1.5), abs($c["qd2"] - 2), abs($c["v2_2"]) }')
  set -- $r
  check "assembly, $s: the drive's rate qd1 = 1.5 to $1 (1e-9)" lt "$1" 1e-9
  check "assembly, $s: the free hinge keeps qd2 = 2 to $2 (1e-9)" lt "$2" 1e-9
  check "assembly, $s: the forbidden velocity out of the plane is gone ($3 m/s, 1e-12)" \
    lt "$3" 1e-12
done
# a travel and a second angle: a cylindrical joint's travel swung by 2 cm
# at 10 rad/s, the second angle of a universal joint below it at 0.5 rad/s
cat > "$tmp/cyl.mb" << 'END'
model driven-cylinder
gravity 9.81 0 0 -1
body a
  mass 1
  inertia 0.1 0.1 0.05
  position 0 0 -1
body b
  mass 0.5
  inertia 0.01 0.02 0.03
  position 0.3 0 -1
joint cylindrical ground 0 0 0 a 0 0 1 axis 0 0 1
joint universal a 0.1 0 0 b -0.2 0 0 axis 1 0 0 axis 0 1 0
drive 1 coordinate 2 sine 0.02 10
drive 2 coordinate 2 speed 0.5
assemble
END
for s in ref rkmk4-proj dh rattlie dl galpha; do
  "$LGSIM" run --model-file "$tmp/cyl.mb" "$s" --h 0.001 --T 1 --joint-coordinates \
    -o "$tmp/cyl.csv" 2> /dev/null
  r=$(grep -v '^#' "$tmp/cyl.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
      next }
    function abs(x) { return x < 0 ? -x : x }
    !n++ { o = $c["q2_2"] }
    { e = abs($c["q1_2"] - 0.02 * sin(10 * $1)); if (e > m1) m1 = e
      e = abs($c["q2_2"] - o - 0.5 * $1); if (e > m2) m2 = e }
    END { printf "%.3g %.3g", m1, m2 }')
  set -- $r
  check "cylindrical travel, $s: q1_2 = 0.02 sin 10t to $1 m (1e-12)" lt "$1" 1e-12
  check "universal second angle, $s: q2_2 - q2_2(0) = 0.5 t to $2 rad (1e-12)" lt "$2" 1e-12
done
check "... and --reactions a column drive1" grep -q '^t,.*,drive1' "$tmp/sc.csv"
grep -v '^assemble' "$ex" > "$tmp/noasm.mb"
"$LGSIM" run --model-file "$tmp/noasm.mb" ref --T 0.01 -o "$tmp/none.csv" 2> "$tmp/err"
check "without assembly the 4-digit start is refused (exit 2, FILE:LINE)" \
  test $? -eq 2 -a -n "$(grep 'noasm.mb:[0-9]*: joint' "$tmp/err")" -a ! -e "$tmp/none.csv"
# the order of each scheme with a drive: a double pendulum whose first hinge
# a drive swings (0.5 sin 3t), its free second angle at t = 1 against ref at
# h = 0.005, at h = 0.01 and 0.005; rkmk4 and imid-index2 also by the drift
# of their joints
cat > "$tmp/dp.mb" << 'END'
model driven-double-pendulum
gravity 9.81 0 0 -1
body rod1
  mass 1
  inertia 0.001 0.08333333333333333 0.08333333333333333
  position 0.5 0 0
body rod2
  mass 1
  inertia 0.001 0.08333333333333333 0.08333333333333333
  position 1.5 0 0
joint revolute ground 0 0 0 rod1 -0.5 0 0 axis 0 1 0
joint revolute rod1 0.5 0 0 rod2 -0.5 0 0 axis 0 1 0
drive 1 sine 0.5 3
assemble
END
last() { grep -v '^#' "$1" | awk -F, -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == k) c = i
  next } { x = $c; if (k == "phi_err" && x > m) m = x }
  END { printf "%.17g", k == "phi_err" ? m : x }'; }
"$LGSIM" run --model-file "$tmp/dp.mb" ref --h 0.005 --T 1 --joint-coordinates -o "$tmp/r.csv" \
  2> /dev/null
qr=$(last "$tmp/r.csv" q2)
for s in rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2; do
  want=2; [ "$s" = rkmk4 ] || [ "$s" = rkmk4-proj ] && want=4
  for h in 0.01 0.005; do
    "$LGSIM" run --model-file "$tmp/dp.mb" "$s" --h "$h" --T 1 --joint-coordinates \
      -o "$tmp/o$h.csv" 2> /dev/null
  done
  p=$(awk -v a="$(last "$tmp/o0.01.csv" q2)" -v b="$(last "$tmp/o0.005.csv" q2)" -v r="$qr" \
    'BEGIN { x = a - r; y = b - r; printf "%.2f", log((x < 0 ? -x : x) / (y < 0 ? -y : y)) / log(2) }')
  check "order of $s with a drive: $p (its own, $want, within 0.3)" \
    awk -v p="$p" -v w="$want" 'BEGIN { exit !(p > w - 0.3) }'
  case $s in rkmk4|imid-index2)
    p=$(awk -v a="$(last "$tmp/o0.01.csv" phi_err)" -v b="$(last "$tmp/o0.005.csv" phi_err)" \
      'BEGIN { printf "%.2f", log(a / b) / log(2) }')
    check "order of $s's joint drift with a drive: $p ($want within 0.3)" \
      awk -v p="$p" -v w="$want" 'BEGIN { exit !(p > w - 0.3) }';;
  esac
done
# each bad statement: exit 2, FILE:LINE and the value at fault
bad() { # bad DESCRIPTION EXPECTED LINE...: the lines appended after line 18
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
  check "$d: names bad.mb:${at:-19} and '$want'" grep -q "bad.mb:${at:-19}: .*$want" "$tmp/err"
  check "$d: nothing written" test ! -e "$tmp/none.csv"
}
bad "a drive on a spherical joint" "joint 2 is spherical, which has no coordinate" \
  "drive 2 speed 1"
bad "a drive on a weld" "joint 3 is a weld, which has no coordinate" "drive 3 speed 1"
bad "a drive on a joint not above it" "joint '5' is not the number of a joint" "drive 5 speed 1"
bad "a cylindrical joint's drive without its coordinate" "give 'coordinate 1' or" \
  "drive 4 speed 1"
bad "an unknown law" "unknown law 'ramp'" "drive 1 ramp 1"
bad "a law without its number" "needs K \[coordinate I\] speed W" "drive 1 sine 0.1"
bad "a speed that is not finite" "speed '1e999' is not a finite number" "drive 1 speed 1e999"
bad "a frequency that is not a number" "frequency 'x' is not a number" "drive 1 sine 0.1 x"
bad "a word after the law" "unexpected 'fast'" "drive 1 speed 1 fast"
at=20 bad "a second drive on a joint" "joint 1 already has a drive (line 19)" \
  "drive 1 speed 0" "drive 1 sine 0 1"
bad "a joint-spring on a weld" "joint 3 is a weld" "joint-spring 3 stiffness 1 damping 0 rest 0"
bad "a negative stiffness" "stiffness -2 is negative" \
  "joint-spring 1 stiffness -2 damping 0 rest 0"
# a drive whose row the others make dependent: a hinge on a welded body, and
# a second drive on a loop that one drive already moves
{ printf 'model dep\ngravity 9.81 0 0 -1\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\n'
  printf 'joint weld ground 0 0 0 a 0 0 1\njoint revolute ground 0 0 0 a 0 0 1 axis 0 1 0\n'
  printf 'drive 2 speed 0\n'; } > "$tmp/dep.mb"
"$LGSIM" run --model-file "$tmp/dep.mb" ref --T 0.1 -o "$tmp/none.csv" 2> "$tmp/err"
check "a drive on a hinge the weld holds: exit 2, dep.mb:9 and the joint" \
  test $? -eq 2 -a -n "$(grep 'dep.mb:9: drive: the coordinate of joint 2 cannot move' "$tmp/err")"
{ cat "$top/src/model/examples/fourbar-rrrr.mb"; printf 'drive 1 speed 0\ndrive 4 speed 0\n'; } \
  > "$tmp/fb.mb"
n=$(wc -l < "$tmp/fb.mb")
"$LGSIM" run --model-file "$tmp/fb.mb" ref --T 0.1 -o "$tmp/none.csv" 2> "$tmp/err"
check "a four-bar with two drives: exit 2 naming the second (fb.mb:$n, joint 4)" \
  test $? -eq 2 -a -n "$(grep "fb.mb:$n: drive: the coordinate of joint 4 cannot move" "$tmp/err")"
"$LGSIM" export --mjcf --model-file "$ex" -o "$tmp/sc.xml" 2> "$tmp/err"
check "MJCF export refuses a drive in words of its own (exit 2)" \
  test $? -eq 2 -a -n "$(grep 'model has drives' "$tmp/err")"
finish
