# large.sh: large and looped mechanisms through lgsim: planar loops of N
# hinged rods, a light link carrying a heavy body, a hanging chain of
# 1,024 rods, a step that cannot converge (chapter 08, section
# sec:mb-large-tests).
. "$(dirname "$0")/common.inc"
schemes="ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2"
# the largest modulus of column c of a CSV run
colmax() {
  awk -F, -v c="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == c) k = i; h = 1; next }
    { v = $k < 0 ? -$k : $k; if (v > m) m = v } END { printf "%.3g", m + 0 }' "$1"
}
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 <= b + 0) }'; }
# a regular n-gon of unit rods in z = 0, pinned at one vertex, hinges about z
loop() {
  awk -v n="$1" 'BEGIN { pi = atan2(0, -1); rho = 1 / (2 * sin(pi / n))
    print "model loop" n "\ngravity 9.81 0 0 -1"
    for (k = 0; k <= n; k++) { th = -pi / 2 - pi / n + 2 * pi * k / n
      vx[k] = rho * cos(th); vy[k] = rho * sin(th) }
    for (k = 1; k <= n; k++) {
      dx = vx[k] - vx[k - 1]; dy = vy[k] - vy[k - 1]; l = sqrt(dx * dx + dy * dy)
      printf "body r%d\n  mass 1\n  inertia 0.0001 0.083333 0.083333\n", k
      printf "  rotation %.17g %.17g 0 %.17g %.17g 0 0 0 1\n", dx / l, -dy / l, dy / l, dx / l
      printf "  position %.17g %.17g 0\n", (vx[k] + vx[k - 1]) / 2, (vy[k] + vy[k - 1]) / 2 }
    printf "joint revolute ground %.17g %.17g 0 r1 -0.5 0 0 axis 0 0 1\n", vx[0], vy[0]
    for (k = 2; k <= n; k++)
      printf "joint revolute r%d 0.5 0 0 r%d -0.5 0 0 axis 0 0 1\n", k - 1, k
    printf "joint revolute r%d 0.5 0 0 r1 -0.5 0 0 axis 0 0 1\n", n }'
}
sizes="4 50 200 1000"
[ -n "$LG_SANITIZED" ] && sizes="4 50 200"
for n in $sizes; do
  loop "$n" > "$tmp/loop.mb"
  for s in $schemes; do
    rm -f "$tmp/loop.csv"
    "$LGSIM" run --model-file "$tmp/loop.mb" "$s" --h 0.001 --T 0.05 --every 10 \
      -o "$tmp/loop.csv" 2> "$tmp/err"
    st=$? e=
    [ "$st" -eq 0 ] && e=$(colmax "$tmp/loop.csv" phi_err)
    if [ "$st" -eq 0 ] && grep -q '^lgsim: 3 redundant constraints at t = 0' "$tmp/err" \
       && le "$e" 1e-8; then
      ok "loop of $n rods, $s: exit 0, 3 redundant rows, joints within $e m (1e-8)"
    else fail "loop of $n rods, $s: exit $st, phi_err ${e:-?}: $(head -c 400 "$tmp/err")"; fi
  done
done
# the loop of 1,000 rods: one Newton iteration a step from the fourth on
# (the rotation rows' own floors, chapter ch:newton)
n=1000
[ -n "$LG_SANITIZED" ] && n=200
loop "$n" > "$tmp/loop.mb"
for s in dh rattlie dl galpha; do
  rm -f "$tmp/loop.csv"
  "$LGSIM" run --model-file "$tmp/loop.mb" "$s" --h 0.001 --T 0.01 -o "$tmp/loop.csv" \
    2> "$tmp/err"
  st=$? k=
  [ "$st" -eq 0 ] && k=$(awk -F, '/^#/ { next }
    !h { for (i = 1; i <= NF; i++) if ($i == "newton_iters") c = i; h = 1; next }
    $1 > 0.0035 && $c > m { m = $c } END { print m + 0 }' "$tmp/loop.csv")
  if [ "$st" -eq 0 ] && [ "$k" = 1 ]; then
    ok "loop of $n rods, $s: one Newton iteration a step from the fourth on"
  else fail "loop of $n rods, $s: exit $st, at most ${k:-?} iterations a step from the fourth on"; fi
done
# a light link hinged to the ground carrying a body r times heavier, by
# spherical (kind s) or revolute (kind r) joints
link() {
  awk -v R="$1" -v kind="$2" 'BEGIN { m = 1e-4; M = m * R
    print "model link\ngravity 9.81 0 0 -1"
    printf "body link\n  mass %.17g\n  inertia %.17g %.17g %.17g\n", m, m * 1e-4, m / 1200, m / 1200
    printf "  position 0.05 0 0\nbody heavy\n  mass %.17g\n", M
    printf "  inertia %.17g %.17g %.17g\n  position 0.2 0 0\n", M * 0.004, M * 0.004, M * 0.004
    j = kind == "r" ? "joint revolute" : "joint"; a = kind == "r" ? " axis 0 1 0" : ""
    print j " ground 0 0 0 link -0.05 0 0" a
    print j " link 0.05 0 0 heavy -0.1 0 0" a }'
}
for R in 1e4 1e8 1e10 1e12 1e14; do
  for kind in s r; do
    link "$R" "$kind" > "$tmp/link.mb"
    for s in $schemes; do
      rm -f "$tmp/link.csv"
      "$LGSIM" run --model-file "$tmp/link.mb" "$s" --h 0.001 --T 0.2 --every 10 \
        -o "$tmp/link.csv" 2> "$tmp/err"
      st=$? e=
      [ "$st" -eq 0 ] && e=$(colmax "$tmp/link.csv" phi_err)
      if [ "$st" -eq 0 ] && le "$e" 1e-6; then
        ok "mass ratio $R ($kind joints), $s: exit 0, joints within $e m (1e-6)"
      elif [ "$st" -eq 2 ] && [ "$R" != 1e4 ] && [ "$R" != 1e8 ] \
           && grep -q 'ill-conditioned\|mass ratio of' "$tmp/err" && [ ! -e "$tmp/link.csv" ]; then
        ok "mass ratio $R ($kind joints), $s: refused up front: $(cut -c1-120 "$tmp/err")"
      else fail "mass ratio $R ($kind joints), $s: exit $st, phi_err ${e:-?}: $(head -c 300 "$tmp/err")"
      fi
    done
  done
done
# a chain of n rods hanging from the ground, tilted by 0.1 rad, at rest
chain() {
  awk -v n="$1" 'BEGIN { s = sin(0.1); c = cos(0.1)
    print "model chain" n "\ngravity 9.81 0 0 -1"
    for (i = 1; i <= n; i++) {
      printf "body b%d\n  mass 0.1\n  inertia 0.00083333 0.00083333 0.0001\n", i
      printf "  rotation 1 0 0 0 %.17g %.17g 0 %.17g %.17g\n", c, -s, s, c
      printf "  position 0 %.17g %.17g\n", (i - 0.5) * 0.1 * s, -(i - 0.5) * 0.1 * c }
    print "joint ground 0 0 0 b1 0 0 0.05"
    for (i = 2; i <= n; i++) printf "joint b%d 0 0 -0.05 b%d 0 0 0.05\n", i - 1, i }'
}
n=1024
[ -n "$LG_SANITIZED" ] && n=256
chain "$n" > "$tmp/chain.mb"
for s in dh rattlie; do
  rm -f "$tmp/chain.csv"
  "$LGSIM" run --model-file "$tmp/chain.mb" "$s" --h 0.001 --T 0.5 --every 50 \
    -o "$tmp/chain.csv" 2> "$tmp/err"
  st=$? e=
  [ "$st" -eq 0 ] && e=$(colmax "$tmp/chain.csv" phi_err)
  if [ "$st" -eq 0 ] && le "$e" 1e-8; then
    ok "chain of $n rods, $s, 0.5 s: exit 0, joints within $e m (1e-8)"
  else fail "chain of $n rods, $s: exit $st, phi_err ${e:-?}: $(head -c 300 "$tmp/err")"; fi
done
for T in 0.05 0.5; do
  /usr/bin/time -f '%M' -o "$tmp/rss$T" "$LGSIM" run --model-file "$tmp/chain.mb" dh --h 0.001 \
    --T "$T" --every 1000 -o /dev/null 2> /dev/null
done
k1=$(tail -1 "$tmp/rss0.05") k2=$(tail -1 "$tmp/rss0.5")
check "chain of $n rods: resident memory $k1 KB for 50 steps, $k2 KB for 500 (within a tenth)" \
  awk -v a="$k1" -v b="$k2" 'BEGIN { exit !(a > 0 && b <= 1.1 * a) }'
t0=$(date +%s)
"$LGSIM" run --model-file "$tmp/chain.mb" dh --h 1 --T 1 -o "$tmp/big.csv" 2> "$tmp/err"
st=$? dt=$(( $(date +%s) - t0 ))
if [ "$st" -eq 3 ] && [ "$dt" -le 10 ] && [ ! -e "$tmp/big.csv" ] \
   && grep -q 'Newton iteration failed at step 1, t = 0, residual [^ ]* after [0-9]* iterations' \
     "$tmp/err"; then
  ok "chain of $n rods, dh at h = 1: exit 3 in $dt s, naming the iterations used"
else fail "chain of $n rods, dh at h = 1: exit $st in $dt s: $(head -c 300 "$tmp/err")"; fi
# one hinge written c times (section sec:mb-copies): every scheme within 10 s
# for 0.2 s, 5 c - 5 redundant rows, and the motion of the single hinge
copies() {
  awk -v n="$1" 'BEGIN { print "model copies\ngravity 9.81 0 0 -1\nbody rod\n  mass 1"
    print "  inertia 0.0001 0.083333 0.083333\n  position 0.5 0 0\n  angvel 0 1 0"
    print "  velocity 0 0 -0.5"
    for (i = 0; i < n; i++) print "joint revolute ground 0 0 0 rod -0.5 0 0 axis 0 1 0" }'
}
c=400
[ -n "$LG_SANITIZED" ] && c=100
copies 1 > "$tmp/one.mb"
copies "$c" > "$tmp/copies.mb"
for s in $schemes; do
  "$LGSIM" run --model-file "$tmp/one.mb" "$s" --h 0.001 --T 0.2 --every 200 \
    -o "$tmp/one.csv" 2> /dev/null
  t0=$(date +%s)
  rm -f "$tmp/copies.csv"
  "$LGSIM" run --model-file "$tmp/copies.mb" "$s" --h 0.001 --T 0.2 --every 200 \
    -o "$tmp/copies.csv" 2> "$tmp/err"
  st=$? dt=$(( $(date +%s) - t0 )) d=
  [ "$st" -eq 0 ] && d=$(awk -F, '/^#/ { next } !h { h = 1; next } FNR == NR { a = $2; next }
    { b = $2 } END { v = a - b; printf "%.3g", v < 0 ? -v : v }' "$tmp/one.csv" "$tmp/copies.csv")
  if [ "$st" -eq 0 ] && [ "$dt" -le 10 ] && le "$d" 1e-12 \
     && grep -q "^lgsim: $((5 * c - 5)) redundant constraints at t = 0" "$tmp/err"; then
    ok "one hinge written $c times, $s: exit 0 in $dt s, $((5 * c - 5)) redundant rows," \
      "x within $d m of one hinge's"
  else fail "one hinge written $c times, $s: exit $st in $dt s, x off by ${d:-?}: $(head -c 300 "$tmp/err")"; fi
done
finish
