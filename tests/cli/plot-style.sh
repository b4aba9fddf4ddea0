# plot-style.sh: one style per scheme, and every figure draws through it.
. "$(dirname "$0")/common.inc"
S=src/plot/style.gp
# linetype number, colour, dash and point of each 'set linetype' line
awk '$1 == "set" && $2 == "linetype" { c = d = p = "?"
       for (i = 3; i < NF; i++) { if ($i == "rgb") c = $(i + 1)
                                  if ($i == "dt") d = $(i + 1)
                                  if ($i == "pt") p = $(i + 1) }
       print $3, c, d, p }' "$S" > "$tmp/lt"
# LT_ variables and their linetypes
awk '/^#/ { next } { gsub(/;/, " ; ")
       for (i = 1; i + 2 <= NF; i++) if ($i ~ /^LT_/ && $(i + 1) == "=") print $i, $(i + 2) }' \
  "$S" > "$tmp/var"
cat > "$tmp/elements.awk" <<'AWK'
FILENAME == ARGV[1] { dt[$1] = $3; pt[$1] = $4; next }
FILENAME == ARGV[2] { lt[$1] = $2; next }
/^[ \t]*#/ { next }
{ line = line $0; if (line ~ /\\$/) { sub(/\\$/, " ", line); next }; s = line; line = "" }
match(s, /^[ \t]*[A-Za-z_][A-Za-z0-9_]*\([^)]*\)[ \t]*=/) {
  name = s; sub(/^[ \t]*/, "", name); sub(/\(.*/, "", name); fn[name] = ""
  if (s ~ /value\('LT_/) {
    while ((getline v < dynf) > 0) fn[name] = fn[name] " " v
    close(dynf) }
  t = s
  while (match(t, /LT_[A-Za-z0-9_]+/)) {
    fn[name] = fn[name] " " substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH) }
  next }
match(s, /(^|[;{][ \t]*)(s|re)?plot[ \t]/) {
  body = substr(s, RSTART + RLENGTH); depth = 0; q = ""; el = ""; n = 0
  for (i = 1; i <= length(body) + 1; i++) {
    c = i <= length(body) ? substr(body, i, 1) : ","
    if (q != "") { if (c == q) q = ""; el = el c; continue }
    if (c == "'" || c == "\"") { q = c; el = el c; continue }
    if (c == "(" || c == "[") depth++
    if (c == ")" || c == "]") depth--
    if (c == "," && depth == 0) { elem[++n] = el; el = ""; continue }
    el = el c }
  for (k = 1; k <= n; k++) element(elem[k]) }
function element(e,   vars, t, d, p, pts, nv, a, j, v, name) {
  gsub(/'[^']*'|"[^"]*"/, "", e)
  vars = ""; t = e
  while (match(t, /LT_[A-Za-z0-9_]+/)) {
    vars = vars " " substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH) }
  for (name in fn) if (e ~ ("(^|[^A-Za-z0-9_])" name "\\(")) vars = vars fn[name]
  pts = e ~ /(^|[ \t])(w|with)[ \t]+(lp|p|linespoints|points)([ \t]|$)/
  d = ""; if (match(e, /(^|[ \t])(dt|dashtype)[ \t]+[^ \t]+/)) {
    d = substr(e, RSTART, RLENGTH); sub(/.*[ \t]/, "", d) }
  p = ""; if (match(e, /(^|[ \t])(pt|pointtype)[ \t]+[^ \t]+/)) {
    p = substr(e, RSTART, RLENGTH); sub(/.*[ \t]/, "", p) }
  nv = split(vars, a, " ")
  for (j = 1; j <= nv; j++) {
    v = a[j]
    if (v ~ /^LT_(guide|mark|comp[0-9])$/ || !(v in lt)) continue
    print v, (d != "" ? d : dt[lt[v]]), (pts ? (p != "" ? p : pt[lt[v]]) : "-") }
}
AWK
check "style.gp defines linetypes" test -s "$tmp/lt"
check "style.gp defines LT_ variables" test -s "$tmp/var"
dup=$(awk '{ n[$2]++; v[$2] = v[$2] " " $1 } END { for (k in n) if (n[k] > 1)
        print "linetype " k ":" v[k] }' "$tmp/var")
check "no two LT_ variables share a linetype${dup:+: $dup}" test -z "$dup"
undef=$(awk 'NR == FNR { lt[$1] = 1; next } !($2 in lt) { print $1 "=" $2 }' "$tmp/lt" "$tmp/var")
check "every LT_ variable names a defined linetype${undef:+: $undef}" test -z "$undef"
same=$(awk '{ k = $2 " dt " $3 " pt " $4; if (k in s) print "linetypes " s[k] " and " $1 ": " k
        else s[k] = $1 }' "$tmp/lt")
check "no two linetypes share colour, dash and point${same:+: $same}" test -z "$same"
"$LGSIM" list --tsv | sed 1d | cut -f2 | sort -u | tr '-' '_' > "$tmp/schemes"
check "lgsim lists schemes" test -s "$tmp/schemes"
nostyle=$(awk 'NR == FNR { v[$1] = 1; next } !(("LT_" $1) in v) { printf " %s", $1 }' \
  "$tmp/var" "$tmp/schemes")
check "every scheme of the table has an LT_ variable${nostyle:+:$nostyle}" test -z "$nostyle"
for f in src/plot/*.gp; do
  [ "$f" = "$S" ] && continue
  bad=$(grep -n -E 'rgb|linecolor|(^|[^A-Za-z_])(lc|lt|ls|linetype|linestyle) +[0-9]|set +style +line' \
    "$f" | head -3)
  check "$f draws through the style table${bad:+: $bad}" test -z "$bad"
  unk=$(grep -o -E 'LT_[A-Za-z0-9_]+' "$f" | sort -u | \
    awk 'NR == FNR { v[$1] = 1; next } !($1 in v) { printf " %s", $1 }' "$tmp/var" -)
  check "$f uses only defined LT_ variables${unk:+:$unk}" test -z "$unk"
  dat=$(sed -n "s/^\\(f\\|dat\\) = '\\(data\\/[^']*\\)'.*/\\2/p" "$f" | head -1)
  : > "$tmp/dyn"
  if grep -q "value('LT_" "$f"; then
    check "$f: the data file $dat that names its schemes exists" test -f "$dat"
    [ -f "$dat" ] && sed -n 's/^# block scheme \([^ ]*\).*/LT_\1/p' "$dat" | tr '-' '_' > "$tmp/dyn"
  fi
  grey=$(awk -v dynf="$tmp/dyn" -f "$tmp/elements.awk" "$tmp/lt" "$tmp/var" "$f" | sort -u |
    awk '{ k = $2 " " $3; if ((k in s) && s[k] != $1)
             printf " %s and %s (dash %s, point %s)", s[k], $1, $2, $3; else s[k] = $1 }')
  check "$f: its schemes differ in dash or point${grey:+:$grey}" test -z "$grey"
done
finish
