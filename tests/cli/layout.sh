# layout.sh: src/core/ names no model, no model family, no paper and no
# array of the table.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
{ pairs | cut -f1; "$LGSIM" list | sed -n 's|^  \([a-z0-9-]*\)/.*|\1|p'; ls "$top/papers"; } |
  sort -u > "$tmp/names"
check "names to look for: models, families, papers ($(wc -l < "$tmp/names"))" \
  test "$(wc -l < "$tmp/names")" -ge 10
hits() { # hits DIR: the lines of DIR naming one of the names or a table array
  grep -rnwi -F -f "$tmp/names" "$1"
  grep -rnE '[a-z0-9]+_(models|schemes)\[' "$1"
}
cp -r "$top/src/core" "$tmp/core"
printf '/* %s */\n' "$(sed -n 1p "$tmp/names")" >> "$tmp/core/lg.h"
check "the search finds a name planted in a copy of src/core" test -n "$(hits "$tmp/core")"
found=$(hits "$top/src/core")
check "src/core names no model, family, paper or table array${found:+: $found}" test -z "$found"
finish
