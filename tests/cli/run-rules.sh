# run-rules.sh: whole steps, the output limit, Newton options, Newton advice.
. "$(dirname "$0")/common.inc"
rule() { # NEEDLES ARGS...: exit 2 and the message contains every |-separated needle
  needles=$1; shift
  "$LGSIM" run "$@" > "$tmp/out" 2> "$tmp/err"
  st=$?
  [ "$st" -eq 2 ] || { fail "lgsim run $*: exit status $st, expected 2"; return; }
  old_ifs=$IFS; IFS='|'
  for n in $needles; do
    grep -qF -e "$n" "$tmp/err" || { IFS=$old_ifs; fail \
      "lgsim run $*: does not say '$n': $(cat "$tmp/err")"; return; }
  done
  IFS=$old_ifs
  ok "lgsim run $*: $(cat "$tmp/err")"
}
rule "--T 0.015|--T 0.01|--T 0.02" planar rk4 --h 0.01 --T 0.015
rule "--T 0.004|--T 0|--T 0.01" planar rk4 --h 0.01 --T 0.004
rule "--max-output|--every" planar rk4 --h 1e-9 --T 1
rule "--max-output 1k" planar rk4 --h 0.01 --T 1 --max-output 1k
rule "--max-output: 'lots'" planar rk4 --max-output lots
check "--max-output raised: the run goes" "$LGSIM" run planar rk4 --h 0.01 --T 1 --max-output \
  1M -o "$tmp/ok.csv"
check "0.3 / 0.1 is three steps" "$LGSIM" run planar rk4 --h 0.1 --T 0.3 -o "$tmp/three.csv"
check "... ending at t = 0.3" sh -c "grep -q '^# steps = 3' '$tmp/three.csv'"
for o in "--newton-tol 1e-10" "--newton-maxiter 5" "--newton-solver hybridsj"; do
  rule "${o%% *}|rk4|explicit" planar rk4 $o
done
"$LGSIM" run planar angle --newton-maxiter 1 --newton-tol 1e-300 > /dev/null 2> "$tmp/err"
check "a Newton failure names what was checked to work: $(cat "$tmp/err")" \
  grep -q 'the default Newton options (no --newton option) run to the end of the run' "$tmp/err"
finish
