#!/bin/sh
# verdicts.sh: the verdicts program on a registry worked out by hand.
set -u
V=${BIN:-build/bin}/verdicts
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fail=0
tab=$(printf '\t')
H='id\tstem\tfigure\tkind\tclaim\tquantity\tpublished\trule\ttol\twhy\tconflict\tunit\n'
row() { printf '%s\t%s\t-\tclaim\tc\tq\t%s\t%s\t%s\tw\t%s\trad\n' "$1" "$2" "$3" "$4" "$5" "${6:--}"; }
{
  printf "$H"
  row x-a x 1 le 0.1;    row x-b x 1 le 0.1
  row x-c x 1 ge 0.1;    row x-d x 1 abs 0.1
  row x-e x 1 rel 0.1;   row x-f x 1 rel 0.1
  row x-g x 1e-14 log10 1; row x-h x 1e-14 log10 1
  row x-i x 0..2 range 0; row x-j x 1 abs 0.1
  row x-k x 2 coincide 0.01; row x-l x 2 distinct 0.01
  row x-m x 2 coincide 0.01; row x-n x 2 distinct 0.01
  row x-o x 2 drift 0;   row x-p x 2 bounded 0
  row x-q x 1 coincide 0.01; row x-r x 1 coincide 0.01
  row x-s x 1 coincide 0.01 x-t; row x-t x 1 distinct 0.01 x-s
  row x-u x 1 lt 0;      row x-v x 1 gt 0
  row x-w x 1 le 0.1
  row y-a y 1 abs 0.1
} > "$d/reg.tsv"
printf 'x-a\t1.05\nx-b\t1.2\nx-c\t1.05\nx-d\t1.05\nx-e\t1.05\nx-f\t1.2\n' > "$d/m.tsv"
printf 'x-g\t3e-14\nx-h\t1e-12\nx-i\t2.5\nx-j\tnan\tambiguous\ttwo readings\n' >> "$d/m.tsv"
printf 'x-k\t0.02\nx-l\t0.02\nx-m\t0.021\nx-n\t0.021\nx-o\t1.5\nx-p\t1.5\n' >> "$d/m.tsv"
printf 'x-q\t0.005\nx-q\t0.011\th=0.05\nx-q\t0.009\tg=9.81\nx-r\t0.005\nx-r\t0.009\tg=9.81\n' \
  >> "$d/m.tsv"
printf 'x-s\t0.02\nx-t\t0.02\nx-u\t1\nx-v\t1.5\nx-w\t1.05\tnote\tparts at 1 s\n' >> "$d/m.tsv"
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
expect x-k reproduced;  expect x-l "not reproduced"
expect x-m "not reproduced"; expect x-n reproduced
expect x-o reproduced;  expect x-p "not reproduced"
expect x-q ambiguous;   expect x-r reproduced
expect x-s "not reproduced"; expect x-t reproduced
expect x-u "not reproduced"; expect x-v reproduced
expect x-w reproduced
awk -F"$tab" '$1 == "x-w" && $17 == "parts at 1 s" {ok=1} END {exit !ok}' "$d/out.tsv" \
  || { echo "x-w: a note without the flag is not in the note column"; fail=1; }
expect y-a pending
grep -q 'lgm@x-g' "$d/out.tex" || { echo "no macro for x-g"; fail=1; }
awk -F"$tab" '$1 == "x-q" && $16 == "h=0.05" && $17 ~ /0.011/ {ok=1} END {exit !ok}' \
  "$d/out.tsv" \
  || { echo "x-q: the note does not name h=0.05 and its value"; fail=1; }
awk -F"$tab" '$1 == "x-k" && $10 == "<= 0.02" && $12 == "rad" {ok=1} END {exit !ok}' \
  "$d/out.tsv" || { echo "x-k: threshold or unit column wrong"; fail=1; }
awk -F"$tab" '$1 == "x-s" && $17 ~ /x-t: 0.02, reproduced/ {ok=1} END {exit !ok}' "$d/out.tsv" \
  || { echo "x-s: the note does not name the row that contradicts it"; fail=1; }
# the margin: the factor to the rule's line, "-" for a flagged value
margin() {
  got=$(awk -F"$tab" -v id="$1" '$1 == id {print $14}' "$d/out.tsv")
  [ "$got" = "$2" ] || { echo "claim $1: expected margin '$2', got '$got'"; fail=1; }
}
margin x-a 1.05; margin x-b 1.09; margin x-h 10; margin x-k 1; margin x-j -
awk -F"$tab" 'NR == 1 && $14 == "margin" {ok=1} END {exit !ok}' "$d/out.tsv" \
  || { echo "no margin column"; fail=1; }
grep -q 'fragile' "$d/out.tex" || { echo "no fragile verdict marked"; fail=1; }
grep -q '^# claim: 12 reproduced, 9 not reproduced, 2 ambiguous, 1 pending, of 24' "$d/out.tsv" \
  || { echo "wrong summary line"; fail=1; }
# --complete: stem x is fully measured, stem y is not.
"$V" --complete x "$d/reg.tsv" -- "$d/m.tsv" > /dev/null || { echo "x should be complete"; \
  fail=1; }
if "$V" --complete y "$d/reg.tsv" -- "$d/m.tsv" > /dev/null 2>&1; then
  echo "y should be incomplete"; fail=1; fi
# Unknown ids, values under an assumption alone, and malformed rows are refused.
printf 'z-a\t1\n' > "$d/bad.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg.tsv" -- "$d/bad.tsv" 2> "$d/err"; then
  echo "unknown id accepted"; fail=1; fi
grep -q 'not in any registry' "$d/err" || { echo "no message for unknown id"; fail=1; }
printf 'y-a\t1\tg=9.81\n' > "$d/alt.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg.tsv" -- "$d/alt.tsv" 2> /dev/null; then
  echo "value under an assumption without the chapter's value accepted"; fail=1; fi
refused() {
  { printf "$H"; echo "$2"; } > "$d/reg2.tsv"
  if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg2.tsv" -- /dev/null 2> /dev/null; then
    echo "$1 accepted"; fail=1; fi
}
refused "non-numeric published value" "$(row q-a q one abs 0.1)"
refused "coincide with a tolerance of 0.02" "$(row q-a q 1 coincide 0.02)"
refused "drift ratio below 1" "$(row q-a q 0.5 drift 0)"
refused "conflict not named back" "$(row q-a q 1 coincide 0.01 q-b)
$(row q-b q 1 distinct 0.01)"
refused "lt with a tolerance" "$(row q-a q 1 lt 0.1)"
refused "a unit with a blank" "$(row q-a q 1 abs 0.1 | sed 's/rad$/kg m/')"
refused "unknown kind" "$(row q-a q 1 abs 0.1 | sed "s/${tab}claim${tab}/${tab}statement${tab}/")"
{ printf 'id\tstem\tfigure\tclaim\tquantity\tpublished\trule\ttol\twhy\n'
  printf 'q-a\tq\t-\tc\tq\t1\tabs\t0.1\tw\n'; } > "$d/reg3.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg3.tsv" -- /dev/null 2> /dev/null; then
  echo "nine-column registry accepted"; fail=1; fi
{ printf 'id\tstem\tfigure\tkind\tclaim\tquantity\tpublished\trule\ttol\twhy\tconflict\n'
  printf 'q-a\tq\t-\tclaim\tc\tq\t1\tabs\t0.1\tw\t-\n'; } > "$d/reg4.tsv"
if "$V" "$d/o.tsv" "$d/o.tex" "$d/reg4.tsv" -- /dev/null 2> /dev/null; then
  echo "eleven-column registry (no unit) accepted"; fail=1; fi
[ $fail -eq 0 ] && echo "verdicts: all cases as worked out by hand"
exit $fail
