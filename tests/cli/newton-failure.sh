# newton-failure.sh: a Newton failure gives exit 3, one line with step, time
# and residual, and no output file.
. "$(dirname "$0")/../cli/common.inc"
impl=$(pairs | while IFS="$TAB" read -r m s src par; do
  if "$LGSIM" run "$m" "$s" --T 0 | grep -q '^# scheme_implicit = 1'; then echo "$m $s"; break; \
    fi; done)
[ -n "$impl" ] || { echo "FAIL: no implicit scheme in lgsim list --tsv"; exit 1; }
set -- $impl
mkdir "$tmp/o"
"$LGSIM" run "$1" "$2" --h 0.01 --T 1 --newton-maxiter 1 --newton-tol 1e-300 \
  -o "$tmp/o/out.csv" > "$tmp/stdout" 2> "$tmp/stderr"
st=$?
check "$1 $2: exit status 3 (got $st)" test "$st" -eq 3
check "one line on stderr: $(cat "$tmp/stderr")" test "$(wc -l < "$tmp/stderr")" -eq 1
check "it names the step, the time and the residual" \
  grep -q '^lgsim: Newton iteration failed at step [1-9][0-9]*, t = [0-9.e+-]*, residual [0-9]' \
    "$tmp/stderr"
k=$(sed -n 's/^lgsim: Newton iteration failed at step \([0-9]*\), t = \([^,]*\),.*/\1 \2/p' \
  "$tmp/stderr")
check "the time is (step - 1) h: $k" \
  awk -v k="${k% *}" -v t="${k#* }" \
    'BEGIN { d = t - (k - 1) * 0.01; exit !(d < 1e-12 && d > -1e-12) }'

check "no output file left behind" test -z "$(ls -A "$tmp/o")"
"$LGSIM" run "$1" "$2" --h 0.01 --T 1 --newton-maxiter 1 --newton-tol 1e-300 > "$tmp/stdout" 2> \
  /dev/null
st=$?
check "on standard output: exit status 3 (got $st)" test "$st" -eq 3
check "on standard output: the last line says the run failed" \
  sh -c "tail -1 '$tmp/stdout' | grep -q '^# error: Newton iteration failed at step [1-9]'"
finish
