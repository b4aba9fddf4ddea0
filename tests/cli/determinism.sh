# determinism.sh: two runs of every model-scheme pair are byte-identical.
. "$(dirname "$0")/common.inc"
n=0
pairs > "$tmp/pairs"
while IFS="$TAB" read -r m s src par; do
  "$LGSIM" run "$m" "$s" --h 0.01 --T 0.2 > "$tmp/a.csv" 2> /dev/null
  st=$?
  "$LGSIM" run "$m" "$s" --h 0.01 --T 0.2 > "$tmp/b.csv" 2> /dev/null
  check "$m $s: exit status $st and two identical runs" cmp -s "$tmp/a.csv" "$tmp/b.csv"
  n=$((n + 1))
done < "$tmp/pairs"
check "at least one model-scheme pair ($n)" test "$n" -ge 1
finish
