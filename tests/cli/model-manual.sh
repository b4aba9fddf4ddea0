# model-manual.sh: lgrepro-model(5), the manual page of the model files:
# rendered without warnings, its example runs, every keyword is described.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
man5=$top/src/model/lgrepro-model.5
man1=$top/src/cli/lgsim.1
if command -v groff > /dev/null 2>&1; then
  for p in "$man1" "$man5"; do
    groff -man -ww -z "$p" > "$tmp/groff.out" 2>&1
    check "groff -man -ww -z $(basename "$p"): no warning $(head -2 "$tmp/groff.out")" \
      test ! -s "$tmp/groff.out"
  done
else
  fail "groff is not installed (the README's set-up command installs man-db, which brings it)"
fi
# the example: the first .EX block after .SH EXAMPLE, with the man escapes undone
sed -n '/^\.SH EXAMPLE/,/^\.SH /p' "$man5" | sed -n '/^\.EX/,/^\.EE/p' \
  | sed '1d; /^\.EE/,$d; s/\\-/-/g; s/\\e/\\/g' > "$tmp/dp.mb"
check "the example declares the double pendulum" grep -q '^model doublependulum$' "$tmp/dp.mb"
"$LGSIM" run --model-file "$tmp/dp.mb" ref --h 0.001 --T 0.1 --every 10 > "$tmp/file.csv"
check "the example runs with the reference solver" test $? -eq 0
"$LGSIM" run doublependulum ref --h 0.001 --T 0.1 --every 10 > "$tmp/builtin.csv"
grep -v '^#' "$tmp/file.csv" > "$tmp/file.rows"
grep -v '^#' "$tmp/builtin.csv" > "$tmp/builtin.rows"
check "... to the same numbers as the built-in model ($(wc -l < "$tmp/file.rows") lines)" \
  cmp -s "$tmp/file.rows" "$tmp/builtin.rows"
"$LGSIM" run --model-file "$tmp/dp.mb" ref --set W2=0,20,0 --T 0.01 > /dev/null
check "... and with rod 2 spinning about its axis (--set W2=0,20,0)" test $? -eq 0
# every keyword of the parser (its message for an unknown one lists them all)
printf 'model x\nfrobnicate 1\n' > "$tmp/bad.mb"
"$LGSIM" run --model-file "$tmp/bad.mb" ref 2> "$tmp/bad.err" > /dev/null
kw=$(sed -n 's/.*unknown keyword .frobnicate. (\(.*\))$/\1/p' "$tmp/bad.err" | tr -d ',')
check "the parser lists its keywords ($kw)" test -n "$kw"
for k in $kw; do
  e=$(printf '%s' "$k" | sed 's/-/\\\\-/g')     # a hyphen is \- in the page
  grep -q "^\\.BI $e\\( \\|\$\\)" "$man5" || fail "lgrepro-model(5) has no entry for '$k'"
done
"$LGSIM" help run | grep -q 'lgrepro-model(5)' && ok "lgsim help run points to lgrepro-model(5)" \
  || fail "lgsim help run points to lgrepro-model(5)"
grep -q '^\.BR lgrepro\\-model (5)' "$man1" && ok "lgsim(1) points to lgrepro-model(5)" \
  || fail "lgsim(1) points to lgrepro-model(5)"
finish
