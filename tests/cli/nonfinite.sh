# nonfinite.sh: a state or row that becomes infinite or NaN is a failure:
# exit 3, one line with step, time and quantity, no output file.
. "$(dirname "$0")/common.inc"
expect_diverge() { # NEEDLE ARGS...
  n=$1; shift
  rm -rf "$tmp/o"; mkdir "$tmp/o"
  "$LGSIM" run "$@" -o "$tmp/o/out.csv" > /dev/null 2> "$tmp/err"
  st=$?
  what="lgsim run $*"
  [ "$st" -eq 3 ] || { fail "$what: exit status $st, expected 3"; return; }
  [ "$(wc -l < "$tmp/err")" -eq 1 ] || { fail "$what: stderr is not one line"; return; }
  grep -q "at step [0-9]*, t = [0-9.e+-]*" "$tmp/err" || { fail \
    "$what: no step and time: $(cat "$tmp/err")"; return; }
  grep -qF -e "$n" "$tmp/err" || { fail "$what: does not name '$n': $(cat "$tmp/err")"; return; }
  [ -z "$(ls -A "$tmp/o")" ] || { fail "$what: left $(ls -A "$tmp/o")"; return; }
  ok "$what: $(cat "$tmp/err")"
}
expect_diverge "R" pendulum3d rk4 --h 0.2 --T 1000
expect_diverge "orth_err" offsetbody rk3 --h 0.5 --T 100 --reortho
expect_diverge "energy" pendulum3d rk4 --set W0=1e308,0,0
expect_diverge "energy" planar ref --set omega0=1e308
"$LGSIM" run pendulum3d rk4 --h 0.7 --T 2100 > /dev/null 2> "$tmp/err"
check "times are printed to 15 digits (2.1, not 2.0999999999999996)" grep -q "t = 2.1," "$tmp/err"
"$LGSIM" run pendulum3d rk4 --h 0.2 --T 1000 > "$tmp/out" 2> /dev/null
check "on standard output the last line says the run failed" \
  sh -c "tail -1 '$tmp/out' | grep -q '^# error: the state became infinite or NaN'"
finish
