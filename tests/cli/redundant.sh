# redundant.sh: redundant constraints through lgsim: the note, the header
# line, the repeated run, the same motion as the non-redundant twin,
# assembly, reactions, refusals, and a change of rank (exit 3).
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/src/model/examples
words='3 redundant constraints at t = 0: joints 1, 2, 3 and 4'
words="$words (rows 2, 4 and 5 of joint 3 depend on the others)"
for s in ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2; do
  "$LGSIM" run --model-file "$ex/fourbar-rrrr.mb" "$s" --h 0.001 --T 3 --every 3000 \
    > "$tmp/rrrr.csv" 2> "$tmp/err"
  check "fourbar-rrrr, $s: exit 0" test $? -eq 0
  check "... one note on stderr: $(cat "$tmp/err")" test "$(cat "$tmp/err")" = \
    "lgsim: $words; scheme $s takes them, with minimum-norm multipliers"
  check "... and the header line" grep -qxF \
    "# redundant = 3: joints 1, 2, 3 and 4 (rows 2, 4 and 5 of joint 3 depend on the others)" \
    "$tmp/rrrr.csv"
  "$LGSIM" run --model-file "$ex/fourbar-rssr.mb" "$s" --h 0.001 --T 3 --every 3000 \
    > "$tmp/rssr.csv" 2> "$tmp/err"
  check "fourbar-rssr, $s: exit 0, nothing on stderr, no redundant line" \
    sh -c "[ ! -s '$tmp/err' ] && ! grep -q '^# redundant' '$tmp/rssr.csv'"
  # the final rows: every column but energy and the defects within 1e-10
  grep -v '^#' "$tmp/rrrr.csv" | tail -1 > "$tmp/a"
  grep -v '^#' "$tmp/rssr.csv" | tail -1 > "$tmp/b"
  d=$(paste -d, "$tmp/a" "$tmp/b" |
      awk -F, '{ n = NF / 2; e = 0; for (i = 1; i <= n - 4; i++) { x = $i - $(i + n)
                 if (x < 0) x = -x; if (x > e) e = x } printf "%.3g", e }')
  check "$s: fourbar-rrrr and fourbar-rssr the same at t = 3 within 1e-10 ($d)" \
    awk -v d="$d" 'BEGIN { exit !(d <= 1e-10) }'
done
# a four-bar that is no parallelogram (second ground pivot at x = 1.45),
# assembled: its dependent rows' pivots carry more round-off (1.6e-12 of
# the diagonal for one of them), and the count is still three
sed 's/^joint revolute ground 1.1 0 0/joint revolute ground 1.45 0 0/' "$ex/fourbar-rrrr.mb" \
  > "$tmp/skew.mb"
"$LGSIM" run --model-file "$tmp/skew.mb" ref --assemble --T 0.01 > "$tmp/skew.csv" 2> "$tmp/err"
check "skewed four-bar, assembled: exit 0 and 3 redundant constraints" \
  sh -c "grep -q '^lgsim: 3 redundant constraints at t = 0' '$tmp/err' &&
         grep -q '^# redundant = 3:' '$tmp/skew.csv'"
# the run again from its header alone
"$LGSIM" run --model-file "$ex/fourbar-rrrr.mb" ref --T 0.05 -o "$tmp/run.csv" 2> /dev/null
header() { sed -n "s/^# $1 = //p" "$2"; }
set -- --model-file "$(header model_file "$tmp/run.csv")" "$(header scheme "$tmp/run.csv")" \
  --h "$(header h "$tmp/run.csv")" --T "$(header T "$tmp/run.csv")" \
  --every "$(header every "$tmp/run.csv")"
while read -r name val; do set -- "$@" --set "$name=$val"; done <<EOT
$(sed -n 's/^# param \([^ ]*\) = \([^ ]*\) .*/\1 \2/p' "$tmp/run.csv")
EOT
"$LGSIM" run "$@" -o "$tmp/again.csv" 2> /dev/null
check "the run repeated from its header alone gives the same bytes" \
  cmp -s "$tmp/run.csv" "$tmp/again.csv"
# reactions: every column finite; the out-of-plane ones are zero (planar load)
"$LGSIM" run --model-file "$ex/fourbar-rrrr.mb" ref --T 0.1 --reactions > "$tmp/re.csv" 2> /dev/null
st=$?
check "--reactions: exit 0 ($st) and finite columns" \
  sh -c "[ $st -eq 0 ] && ! grep -v '^#' '$tmp/re.csv' | grep -qi 'nan\|inf'"
# assembly of the redundant four-bar written to four digits
sed 's/position 0.7 0 0.7/position 0.7001 0 0.6998/
     s/position 1.1 0 0.5/position 1.1002 0 0.4999/' \
  "$ex/fourbar-rrrr.mb" > "$tmp/fb4.mb"
"$LGSIM" run --model-file "$tmp/fb4.mb" rkmk4-proj --T 0.01 > /dev/null 2> "$tmp/err"
st=$?
check "four digits without --assemble: exit 2 ($st), suggesting it" \
  sh -c "[ $st -eq 2 ] && grep -q -- '--assemble' '$tmp/err'"
"$LGSIM" run --model-file "$tmp/fb4.mb" rkmk4-proj --assemble --T 0.01 > "$tmp/fb4.csv" \
  2> "$tmp/err"
check "--assemble: assembled" grep -q 'assembly of model fourbar-rrrr: phi_err 0.000224 -> ' \
  "$tmp/err"
check "... the redundancy noted" grep -qF "$words" "$tmp/err"
check "... and recorded" grep -q '^# assemble = 1' "$tmp/fb4.csv"
# dh takes the hinge of two spherical joints, with the note
printf 'model hinge\nbody b\nmass 1\ninertia 1 1 1\nposition 1 0 0\n' > "$tmp/hinge.mb"
printf 'joint ground 0 0 0 b -1 0 0\njoint ground 0 0 1 b -1 0 1\n' >> "$tmp/hinge.mb"
"$LGSIM" run --model-file "$tmp/hinge.mb" dh -o "$tmp/hinge.csv" 2> "$tmp/err"
st=$?
check "dh takes the hinge of two spherical joints: exit 0 ($st)" test $st -eq 0
w1='lgsim: 1 redundant constraint at t = 0: joints 1 and 2'
w2='(row 3 of joint 2 depends on the others); scheme dh takes it'
check "... with the note naming the joints" grep -qF "$w1 $w2" "$tmp/err"
# and together with a damper (its end-of-step system drops the row too)
printf 'spring ground 0 0 0 b 0 0 0 stiffness 1 damping 0.1 length 1\n' >> "$tmp/hinge.mb"
for s in dh rattlie; do
  "$LGSIM" run --model-file "$tmp/hinge.mb" $s -o "$tmp/hinge.csv" 2> "$tmp/err"
  st=$?
  check "$s takes the hinge with a damper: exit 0 ($st), with the note" \
    sh -c "[ $st -eq 0 ] && grep -qF '$w1' '$tmp/err'"
done
# a parallelogram at rest on its flattened configuration leaves it: exit 3
{ printf 'model flat\ngravity 9.81 0 0 -1\n'
  for b in "crank 0.021 0.25" "coupler 0.0835 1" "rocker 0.021 1.25"; do
    set -- $b; printf 'body %s\nmass 1\ninertia 0.0002 %s %s\nposition %s 0 0\n' "$1" "$2" "$2" "$3"
  done
  printf 'joint revolute ground 0 0 0 crank -0.25 0 0 axis 0 1 0\n'
  printf 'joint revolute crank 0.25 0 0 coupler -0.5 0 0 axis 0 1 0\n'
  printf 'joint revolute coupler 0.5 0 0 rocker 0.25 0 0 axis 0 1 0\n'
  printf 'joint revolute ground 1 0 0 rocker -0.25 0 0 axis 0 1 0\n'; } > "$tmp/flat.mb"
w2='the constraint Jacobian changed rank (joints 1, 2, 3 and 4: the mechanism passed a'
w2="$w2 singular configuration)"
w1='failed at step 3, t = 0.002:'
for s in ref rkmk4 rkmk4-proj dh rattlie dl galpha imid-index2; do
  rm -f "$tmp/flat.csv"
  "$LGSIM" run --model-file "$tmp/flat.mb" "$s" --h 0.001 --T 1 -o "$tmp/flat.csv" 2> "$tmp/err"
  st=$?
  check "flattened parallelogram, $s: exit 3 ($st), no output" \
    sh -c "[ $st -eq 3 ] && [ ! -e '$tmp/flat.csv' ]"
  check "... naming the step, the time and the joints" grep -qF "$w1 $w2" "$tmp/err"
done
finish
