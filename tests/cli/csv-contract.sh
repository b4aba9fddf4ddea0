# csv-contract.sh: comment lines, header, columns, %.17g round trip, --every, -o.
. "$(dirname "$0")/common.inc"
set -- $(first_pair)
M=${1:-}; S=${2:-}
[ -n "$M" ] || { echo "FAIL: lgsim list --tsv lists no model-scheme pair"; exit 1; }
out=$tmp/out.csv
"$LGSIM" run "$M" "$S" --h 0.01 --T 0.05 > "$out" || fail "run exits with status 0"
version=$("$LGSIM" --version | awk '{ print $2 }')
for line in "# lgsim $version" "# model = $M" "# scheme = $S" "# h = 0.01" \
            "# T = 0.050000000000000003" "# steps = 5" "# every = 1"; do
  check "comment line '$line'" grep -qx -e "$line" "$out"
done
check "comment line with the Newton tolerance" grep -q '^# newton_tol = ' "$out"
for p in $(pairs | awk -F"$TAB" -v m="$M" '$1 == m { n = split($4, p, " ")
    for (i = 1; i <= n; i++) { split(p[i], kv, "="); print kv[1] }; exit }'); do
  check "comment line for parameter $p" grep -q "^# param $p = " "$out"
done
check "comment lines come first, then one header line" awk '
  /^#/ { if (body) exit 1; next } { body++ } END { exit !(body >= 2) }' "$out"
check "header starts with t" awk '!/^#/ { exit !($0 ~ /^t,/) }' "$out"
check "6 rows for 5 steps" test "$(grep -vc '^#' "$out")" -eq 7
check "every row has as many fields as the header" awk -F, '
  /^#/ { next } !n { n = NF; next } NF != n { exit 1 }' "$out"
check "every field is printed as %.17g of itself" awk -F, '
  /^#/ { next } !h { h = 1; next }
  { for (i = 1; i <= NF; i++)
      if ($i != "-0" && sprintf("%.17g", $i + 0) != $i) { print "bad: " $i; exit 1 } }' "$out"
check "t of row k is k h" awk -F, '
  /^#/ { next } !h { h = 1; next } { if ($1 != sprintf("%.17g", k * 0.01)) exit 1; k++ }' "$out"
"$LGSIM" run "$M" "$S" --h 0.01 --T 0.1 --every 3 > "$tmp/every.csv"
check "--every 3 writes steps 0, 3, 6, 9, 10" awk -F, '
  /^#/ { next } !h { h = 1; next } { t = t " " $1 }
  END { exit t != \
    " 0 0.029999999999999999 0.059999999999999998 0.089999999999999997 0.10000000000000001" \
    }' "$tmp/every.csv"
"$LGSIM" run "$M" "$S" --h 0.01 --T 0.05 -o "$tmp/file.csv"
check "-o FILE writes the bytes of standard output" cmp -s "$out" "$tmp/file.csv"
check "-o leaves no temporary file" test "$(ls "$tmp" | grep -c '^file\.csv')" -eq 1
impl=$(pairs | while IFS="$TAB" read -r m s src par; do
  if "$LGSIM" run "$m" "$s" --T 0 | grep -q '^# scheme_implicit = 1'; then echo "$m $s"; break; \
    fi; done)
if [ -n "$impl" ]; then
  check "implicit scheme $impl: last column is newton_iters" sh -c \
    "\"$LGSIM\" run $impl --T 0.02 | grep -v '^#' | head -1 | grep -q ',newton_iters\$'"
else
  echo "note: no implicit scheme in the table; the newton_iters column is checked once there is one"
fi
finish
