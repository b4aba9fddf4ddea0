# help-man.sh: help everywhere, lgsim list MODEL, the manual page.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
for c in "help" "help list" "help run" "-h" "list -h" "run -h" "help -h" "list --help" \
  "run --help"; do
  "$LGSIM" $c > "$tmp/h" 2>&1
  check "lgsim $c: exit 0 with a usage text" sh -c \
    "test $? -eq 0 && grep -q '^Usage: lgsim' '$tmp/h'"
done
"$LGSIM" help run | grep -q -e '--max-output' && ok "help run names --max-output" || fail \
  "help run names --max-output"
"$LGSIM" help list | grep -q 'list MODEL' && ok "help list names list MODEL" || fail \
  "help list names list MODEL"
"$LGSIM" help frobnicate 2> /dev/null
check "lgsim help frobnicate: exit 2" test $? -eq 2
pairs | cut -f1 | sort -u > "$tmp/models"
man=$top/src/cli/lgsim.1
while read -r m; do
  "$LGSIM" list "$m" > "$tmp/l" || fail "lgsim list $m: exit status"
  "$LGSIM" run "$m" "$(pairs | awk -F"$TAB" -v m="$m" '$1 == m { print $2; exit }')" --T 0 \
    --reortho \
    | grep -v '^#' | head -1 | tr , '\n' > "$tmp/cols"
  missing=$(while read -r c; do grep -q "^  $c  *[^ ?]" "$tmp/l" || echo "$c"; done < "$tmp/cols")
  check "lgsim list $m: every column with unit and meaning ${missing:+(missing: $missing)}" \
    test -z "$missing"
  missing=$(pairs | awk -F"$TAB" -v m="$m" '$1 == m { n = split($4, p, " ")
    for (i = 1; i <= n; i++) { split(p[i], kv, "="); print kv[1] }; exit }' |
    while read -r p; do grep -q "^  $p  " "$tmp/l" || echo "$p"; done)
  check "lgsim list $m: every parameter ${missing:+(missing: $missing)}" test -z "$missing"
  check "lgsim list $m: no column outside the vocabulary" sh -c \
    "! grep -q 'not in the column vocabulary' '$tmp/l'"
  check "the manual page names model $m" grep -q "^\\.SS $m\$" "$man"
done < "$tmp/models"
"$LGSIM" list | sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\)  .*/\1/p' | grep -vx name | sort -u > \
  "$tmp/params"
# a multibody parameter is described once per kind: mN as ".BI m i", PNa as ".BI P k a"
missing=$(while read -r p; do
  case $p in
    [mJRxWv][1-9]*) q=".BI $(echo "$p" | sed 's/[0-9]*$//') i" ;;
    P[0-9]*[ab]) q=".BI P k $(echo "$p" | sed 's/.*\(.\)$/\1/')" ;;
    *) q=".B $p" ;;
  esac
  grep -qxF "$q" "$man" || echo "$p"; done < "$tmp/params")
check "the manual page describes every parameter ${missing:+(missing: $missing)}" test -z \
  "$missing"
for c in t theta omega R11 W1 x1 v1 Gamma1 energy Lvert orth_err gamma_err phi_err dphi_err \
  newton_iters; do
  grep -q "^\\.B $c" "$man" || fail "the manual page does not describe column $c"
done
if command -v man > /dev/null 2>&1; then
  MANWIDTH=80 man -l "$man" > "$tmp/man.txt" 2> "$tmp/man.err"
  check "man -l renders the manual page" test -s "$tmp/man.txt"
  check "... without warnings $(head -3 "$tmp/man.err")" test ! -s "$tmp/man.err"
  check "... with the sections" sh -c \
    "grep -q '^SYNOPSIS' '$tmp/man.txt' && grep -q '^EXIT STATUS' '$tmp/man.txt'"
else
  fail "man is not installed (the README's set-up command installs man-db)"
fi
finish
