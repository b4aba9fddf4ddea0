#!/bin/sh
# verdicts.sh: the verdicts program on a registry worked out by hand.
set -u
V=${BIN:-build/bin}/verdicts
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fail=0
tab=$(printf '\t')
row() { printf '%s\t%s\t-\tc\tq\t%s\t%s\t%s\tw\n' "$1" "$2" "$3" "$4" "$5"; }
{
  printf 'id\tstem\tfigure\tclaim\tquantity\tpublished\trule\ttol\twhy\n'
  row x-a x 1 le 0.1;    row x-b x 1 le 0.1
  row x-c x 1 ge 0.1;    row x-d x 1 abs 0.1
  row x-e x 1 rel 0.1;   row x-f x 1 rel 0.1
  row x-g x 1e-14 log10 1; row x-h x 1e-14 log10 1
  row x-i x 0..2 range 0; row x-j x 1 abs 0.1
  row y-a y 1 abs 0.1
} > "$d/reg.tsv"
printf 'x-a\t1.05\nx-b\t1.2\nx-c\t1.05\nx-d\t1.05\nx-e\t1.05\nx-f\t1.2\n' > "$d/m.tsv"
printf 'x-g\t3e-14\nx-h\t1e-12\nx-i\t2.5\nx-j\tnan\tambiguous\ttwo readings\n' >> "$d/m.tsv"
"$V" "$d/out.tsv" "$d/out.tex" "$d/reg.tsv" -- "$d/m.tsv" || { echo "verdicts failed"; exit 1; }
expect() {
  got=$(awk -F"$tab" -v id="$1" '$1 == id {print $NF}' "$d/out.tsv")
  [ "$got" = "$2" ] || { echo "claim $1: expected '$2', got '$got'"; fail=1; }
}
expect x-a reproduced;  expect x-b "not reproduced"
expect x-c reproduced;  expect x-d reproduced
expect x-e reproduced;  expect x-f "not reproduced"
expect x-g reproduced;  expect x-h "not reproduced"
expect x-i "not reproduced"; expect x-j ambiguous
expect y-a pending
grep -q 'lgm@x-g' "$d/out.tex" || { echo "no macro for x-g"; fail=1; }
# --complete: stem x is fully measured, stem y is not.
"$V" --complete x "$d/reg.tsv" -- "$d/m.tsv" > /dev/null || { echo "x should be complete"; fail=1; }
if "$V" --complete y "$d/reg.tsv" -- "$d/m.tsv" > /dev/null 2>&1; then
  echo "y should be incomplete"; fail=1; fi
# Unknown ids and malformed rows are refused.
printf 'z-a\t1\n' > "$d/bad.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg.tsv" -- "$d/bad.tsv" 2> "$d/err"; then
  echo "unknown id accepted"; fail=1; fi
grep -q 'not in any registry' "$d/err" || { echo "no message for unknown id"; fail=1; }
{ head -1 "$d/reg.tsv"; row q-a q one abs 0.1; } > "$d/reg2.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg2.tsv" -- "$d/m.tsv" 2> /dev/null; then
  echo "non-numeric published value accepted"; fail=1; fi
[ $fail -eq 0 ] && echo "verdicts: all cases as worked out by hand"
exit $fail
