# write-errors.sh: a full disk or a closed standard output gives a message and
# a non-zero exit status.
. "$(dirname "$0")/common.inc"
set -- $(first_pair)
M=${1:-}; S=${2:-}
[ -n "$M" ] || { echo "FAIL: lgsim list --tsv lists no model-scheme pair"; exit 1; }
expect_write_error() { # DESCRIPTION NEEDLE COMMAND...
  d=$1; n=$2; shift 2
  "$@" 2> "$tmp/err"
  st=$?
  if [ "$st" -ne 0 ] && grep -qF -e "$n" "$tmp/err"; then ok "$d: $(cat "$tmp/err")"
  else fail "$d: exit status $st, message '$(cat "$tmp/err")'"; fi
}
if [ -w /dev/full ]; then
  expect_write_error "run to a full device" "No space" sh -c "\"$LGSIM\" run $M $S > /dev/full"
  expect_write_error "run -o a full device" "No space" "$LGSIM" run "$M" "$S" -o /dev/full
  expect_write_error "list to a full device" "No space" sh -c "\"$LGSIM\" list > /dev/full"
fi
expect_write_error "run to a closed stdout" "write error" sh -c "\"$LGSIM\" run $M $S >&-"
expect_write_error "--version to a closed stdout" "write error" sh -c "\"$LGSIM\" --version >&-"
expect_write_error "-o into a missing directory" "$tmp/no/such" "$LGSIM" run "$M" "$S" -o \
  "$tmp/no/such/dir.csv"
finish
