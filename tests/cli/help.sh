# help.sh: --help and run --help document every option; their examples run.
. "$(dirname "$0")/common.inc"
"$LGSIM" --help > "$tmp/help" || fail "lgsim --help exits with status 0"
for w in list --tsv run --help --version Examples; do
  check "lgsim --help mentions $w" grep -qe "$w" "$tmp/help"
done
"$LGSIM" run --help > "$tmp/runhelp" || fail "lgsim run --help exits with status 0"
for w in --h --T --set --every "-o FILE" --newton-tol --newton-maxiter --newton-solver \
         direct hybridsj --ref-tol --reortho --assemble --reactions cardan: Examples; do
  check "lgsim run --help mentions $w" grep -qe "$w" "$tmp/runhelp"
done
grep '^  lgsim run ' "$tmp/runhelp" > "$tmp/examples"
check "lgsim run --help has examples" test -s "$tmp/examples"
(cd "$tmp" && while read -r cmd; do
  set -- $cmd
  shift
  if "$LGSIM" "$@" --T 0.02 > /dev/null; then ok "example: $cmd"; else echo \
    "FAIL: example: $cmd"; fi
done < "$tmp/examples") > "$tmp/ex.log"
cat "$tmp/ex.log"
check "every example of lgsim run --help runs" test "$(grep -c '^FAIL' "$tmp/ex.log")" -eq 0
v=$(sed -n 's/^#define LG_VERSION "\(.*\)"$/\1/p' src/core/lg.h)
check "lgsim --version prints lgsim $v" test "$("$LGSIM" --version)" = "lgsim $v"
finish
