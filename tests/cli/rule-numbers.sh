# rule-numbers.sh: the line width of the prose, the figures' guides and the registries
# is the one of the verdicts program.
. "$(dirname "$0")/common.inc"
lw=$(sed -n 's/^static const double line_fraction = \([0-9.e-]*\);.*/\1/p' src/check/verdicts.c)
check "verdicts.c defines the line width" test -n "$lw"
pct=$(awk -v f="$lw" 'BEGIN { printf "%g", 100 * f }')
bad=$(awk -F"$TAB" -v f="$lw" 'FNR > 1 && ($8 == "coincide" || $8 == "distinct") && $9 + 0 != f + 0 {
        printf " %s", $1 }' papers/*/claims.tsv)
check "every coincide and distinct row uses the line width $lw${bad:+:$bad}" test -z "$bad"
# a guide labelled 'N\,\%...' must be drawn at N/100 and N must be the line width
bad=$(grep -n "LT_guide" src/plot/*.gp | grep '\\%' | awk -v f="$lw" -v p="$pct" '{
        lvl = $0; sub(/^[^:]*:[0-9]+: */, "", lvl); split(lvl, w, " ")
        lab = $0; sub(/^.*(title|t) '"'"'/, "", lab)
        sub(/\\,\\%.*/, "", lab)
        if (w[1] + 0 != f + 0 || lab != p) printf " %s", $0 }')
check "every percentage guide is drawn at the line width, $pct %${bad:+:$bad}" test -z "$bad"
n=$(grep -c "LT_guide" src/plot/*.gp | awk -F: '{ s += $2 } END { print s + 0 }')
check "the plot scripts draw guides" test "$n" -gt 0
# 'line width (N\,\%', 'line width, N\,\%', 'line width, $N\,\%$' in the chapters
bad=$(grep -n -E 'line width[,]? \(?\$?[0-9.]+\\,\\%' chapters/*.nw | \
      awk -v p="$pct" '{ s = $0; sub(/.*line width[,]? \(?\$?/, "", s); sub(/\\,.*/, "", s)
        if (s != p) printf " %s", $0 }')
check "every sentence gives the line width as $pct %${bad:+:$bad}" test -z "$bad"
n=$(grep -c -E 'line width[,]? \(?\$?[0-9.]+\\,\\%' chapters/*.nw | awk -F: '{ s += $2 } END { print s + 0 }')
check "the chapters state the line width as a percentage" test "$n" -gt 0
finish
