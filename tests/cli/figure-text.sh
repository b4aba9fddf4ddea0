# figure-text.sh: every word of every standalone figure lies inside its page.
. "$(dirname "$0")/common.inc"
check "pdftotext and pdfinfo (poppler-utils) are installed" \
  sh -c 'command -v pdftotext && command -v pdfinfo' > /dev/null
n=0
for f in figures/*.pdf; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  mb=$(pdfinfo -box "$f" | awk '$1 == "MediaBox:" { printf "%.3f %.3f", $4 - $2, $5 - $3 }')
  pdftotext -bbox "$f" "$tmp/bbox"
  out=$(awk -v mb="$mb" '
    function num(k) { match($0, k "=\"[^\"]*\""); return substr($0, RSTART + length(k) + 2,
                        RLENGTH - length(k) - 3) + 0 }
    BEGIN { split(mb, m, " ") }
    /<word / { x0 = num("xMin"); y0 = num("yMin"); x1 = num("xMax"); y1 = num("yMax")
      w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w)
      if (x0 < 0 || y0 < 0 || x1 > m[1] || y1 > m[2])
        printf " \"%s\" at (%.1f, %.1f)-(%.1f, %.1f)", w, x0, y0, x1, y1 }' "$tmp/bbox")
  check "$f: every word inside the page${mb:+ ($mb pt)}${out:+; outside:$out}" \
    test -n "$mb" -a -z "$out"
  # the top line of the page is the figure's title
  title=$(sh src/plot/figtitle.sh "$(basename "$f" .pdf)" | cut -f2)
  top=$(awk '/<word / { match($0, /yMin="[^"]*"/); y = substr($0, RSTART + 6, RLENGTH - 7) + 0
           match($0, /xMin="[^"]*"/); x = substr($0, RSTART + 6, RLENGTH - 7) + 0
           w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w); print y, x, w }' "$tmp/bbox" |
         sort -k1,1g -k2,2g | awk 'NR == 1 { y = $1 } $1 - y < 1 { printf "%s%s", sep, $3; sep = " " }')
  check "$f: its top line is its title${title:+ ($title)}${top:+, reads: $top}" \
    test -n "$title" -a "$top" = "$title"
done
check "figures/ holds standalone figures" test "$n" -gt 0
# figures/README.md lists every standalone figure, once, and no other file
ls figures/*.pdf 2> /dev/null | sed 's|^figures/||' | sort > "$tmp/pdfs"
sed -n 's/^- `\([^`]*\.pdf\)`: .*/\1/p' figures/README.md | sort > "$tmp/listed"
miss=$(comm -3 "$tmp/pdfs" "$tmp/listed" | tr -d '\t' | tr '\n' ' ')
check "figures/README.md lists each figure once${miss:+: differs on $miss}" \
  test -z "$miss" -a "$(uniq -d "$tmp/listed")" = ''
finish
