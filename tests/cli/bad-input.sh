# bad-input.sh: every class of bad input gives exit 2, one line naming the
# value, and no output file.
. "$(dirname "$0")/common.inc"
set -- $(first_pair)
M=${1:-}; S=${2:-}
[ -n "$M" ] || { echo "FAIL: lgsim list --tsv lists no model-scheme pair"; exit 1; }

expect_bad() { # expect_bad "NEEDLE1|NEEDLE2" ARGS...
  needles=$1; shift
  rm -rf "$tmp/o"; mkdir "$tmp/o"
  "$LGSIM" "$@" -o "$tmp/o/out.csv" > "$tmp/stdout" 2> "$tmp/stderr"
  st=$?
  what="lgsim $*"
  [ "$st" -eq 2 ] || { fail "$what: exit status $st, expected 2"; return; }
  [ "$(wc -l < "$tmp/stderr")" -eq 1 ] || { fail "$what: stderr is not one line"; cat \
    "$tmp/stderr"; return; }
  [ -s "$tmp/stdout" ] && { fail "$what: wrote to stdout"; return; }
  [ -z "$(ls -A "$tmp/o")" ] || { fail "$what: left $(ls -A "$tmp/o")"; return; }
  old_ifs=$IFS; IFS='|'
  for n in $needles; do
    grep -F -e "$n" "$tmp/stderr" > /dev/null || { IFS=$old_ifs; fail \
      "$what: message does not name '$n': $(cat "$tmp/stderr")"; return; }
  done
  IFS=$old_ifs
  ok "$what: $(cat "$tmp/stderr")"
}

expect_bad "nosuchmodel" run nosuchmodel "$S"
expect_bad "nosuchscheme" run "$M" nosuchscheme
expect_bad "nosuchparam" run "$M" "$S" --set nosuchparam=1
expect_bad "--bogus" run "$M" "$S" --bogus
expect_bad "frobnicate" run "$M" "$S" --newton-solver frobnicate
expect_bad "extra" run "$M" "$S" extra
expect_bad "frobnicate" frobnicate
# a scheme of another family
other=$(pairs | awk -F"$TAB" -v m="$M" '$1 == m { mine[$2] = 1; next } { s[$2] = 1 }
  END { for (k in s) if (!(k in mine)) { print k; exit } }')
if [ -n "$other" ]; then
  expect_bad "$other|$M" run "$M" "$other"
else
  echo "note: every scheme integrates the family of $M; the wrong-family case needs a second family"
fi
expect_bad "abc" run "$M" "$S" --h abc
expect_bad "0.1x" run "$M" "$S" --T 0.1x
expect_bad "nan" run "$M" "$S" --h nan
expect_bad "inf" run "$M" "$S" --T inf
expect_bad "1e999" run "$M" "$S" --h 1e999
expect_bad "-0.1" run "$M" "$S" --h -0.1
expect_bad "--h: 0" run "$M" "$S" --h 0
expect_bad "-1" run "$M" "$S" --T -1
expect_bad "1e-9" run "$M" "$S" --h 1e-9 --T 10
expect_bad "--every: 0" run "$M" "$S" --every 0
expect_bad "-3" run "$M" "$S" --every -3
expect_bad "2.5" run "$M" "$S" --every 2.5
expect_bad "--newton-tol: 0" run "$M" "$S" --newton-tol 0
expect_bad "--newton-maxiter: 0" run "$M" "$S" --newton-maxiter 0
expect_bad "--ref-tol: -1" run "$M" "$S" --ref-tol -1
set -- $(pairs | awk -F"$TAB" 'NR == 1 { n = split($4, p, " ")
  for (i = 1; i <= n; i++) { split(p[i], kv, "="); c = split(kv[2], x, ",")
    if (c == 1 && !s) s = kv[1]; if (c == 3 && !v) v = kv[1] }
  print s, v }')
if [ -n "${1:-}" ]; then
  expect_bad "xyz" run "$M" "$S" --set "$1=xyz"
  expect_bad "nan" run "$M" "$S" --set "$1=nan"
  expect_bad "1,2" run "$M" "$S" --set "$1=1,2"
else fail "model $M has no scalar parameter to test with"; fi
if [ -n "${2:-}" ]; then
  expect_bad "1,2" run "$M" "$S" --set "$2=1,2"
  expect_bad "1,2,3,4" run "$M" "$S" --set "$2=1,2,3,4"
  expect_bad "inf" run "$M" "$S" --set "$2=1,inf,1"
  expect_bad "q" run "$M" "$S" --set "$2=1,q,1"
else fail "model $M has no 3-vector parameter to test with"; fi
set -- $(pair_with_params m J R0)
if [ -n "${1:-}" ]; then
  M=$1; S=$2
  expect_bad "-2.5" run "$M" "$S" --set m=-2.5
  expect_bad "m" run "$M" "$S" --set m=0
  expect_bad "J|0.5" run "$M" "$S" --set J=0.1,0.2,0.5
  expect_bad "J|-0.25" run "$M" "$S" --set J=-0.25,1,1
  expect_bad "R0" run "$M" "$S" --set R0=1,0,0,0,1,0,0,0,1.001
  expect_bad "R0|1,0,0" run "$M" "$S" --set R0=1,0,0
  expect_bad "R0|1,2" run "$M" "$S" --set R0=cardan:1,2
  # not bad: a rotation off by 1e-7 is repaired with --reortho, and cardan angles work
  check "--reortho accepts a nearly orthogonal R0" \
    "$LGSIM" run "$M" "$S" --T 0 --reortho --set R0=1,0,0,0,1,0,0,0,1.0000001 -o "$tmp/r.csv"
  check "cardan:A,B,C sets R0" "$LGSIM" run "$M" "$S" --T 0 --set R0=cardan:0.1,0.2,0.3 -o \
    "$tmp/c.csv"
else
  fail "no model with parameters m, J and R0 in lgsim list --tsv"
fi
finish
