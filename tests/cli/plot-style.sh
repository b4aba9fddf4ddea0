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
done
finish
