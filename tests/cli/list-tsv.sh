# list-tsv.sh: the format of lgsim list --tsv, and its defaults read back exactly.
. "$(dirname "$0")/common.inc"
"$LGSIM" list --tsv > "$tmp/list.tsv" || fail "lgsim list --tsv exits with status 0"
check "header line" test "$(head -1 "$tmp/list.tsv")" = \
  "model${TAB}scheme${TAB}source${TAB}parameters"
check "at least one row" test "$(wc -l < "$tmp/list.tsv")" -ge 2
check "four non-empty fields per row" awk -F"$TAB" \
  'NF != 4 || $1 == "" || $2 == "" || $3 == "" { exit 1 }' "$tmp/list.tsv"
check "each pair once" test -z "$(cut -f1,2 "$tmp/list.tsv" | sort | uniq -d)"
check "parameters are NAME=V[,V...]" awk -F"$TAB" 'NR > 1 { n = split($4, p, " ")
  for (i = 1; i <= n; i++) if (p[i] !~ /^[A-Za-z_][A-Za-z0-9_]*=[^=, ]+(,[^=, ]+)*$/) exit 1 \
    }' "$tmp/list.tsv"
"$LGSIM" list > "$tmp/list.txt" || fail "lgsim list exits with status 0"
sed 1d "$tmp/list.tsv" > "$tmp/rows"
names() { grep -qF -e "$1" "$tmp/list.txt" && grep -qF -e "$2" "$tmp/list.txt" &&
  grep -qF -e "$3" "$tmp/list.txt"; }
while IFS="$TAB" read -r m s src par; do
  check "lgsim list names $m, $s and its source" names "$m" "$s" "$src"
  "$LGSIM" run "$m" "$s" --T 0 > "$tmp/plain.csv"
  set --
  for p in $par; do set -- "$@" --set "$p"; done
  "$LGSIM" run "$m" "$s" --T 0 "$@" > "$tmp/set.csv"
  check "$m $s: the listed defaults read back exactly" cmp -s "$tmp/plain.csv" "$tmp/set.csv"
done < "$tmp/rows"
finish
