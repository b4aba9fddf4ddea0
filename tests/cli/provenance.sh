# provenance.sh: the header of a model file's run names the file, its
# SHA-256 and its topology, and repeats the run; lgsim list --model-file.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
command -v sha256sum > /dev/null || { echo "FAIL: sha256sum is not installed"; exit 1; }
prov='^# (model_file|model_sha256|body [0-9]+|joint [0-9]+) = '
header() { sed -n "s/^# $1 = //p" "$2"; }
n=0
for f in "$top"/src/model/*.mb; do
  rel=src/model/$(basename "$f")
  m=$(awk '$1 == "model" { print $2; exit }' "$f")
  (cd "$top" && "$LGSIM" run --model-file "$rel" ref --h 0.01 --T 0.02 -o "$tmp/run.csv") ||
    fail "$rel: run exits with status 0"
  check "$rel: # model_file names it as given" test "$(header model_file "$tmp/run.csv")" = "$rel"
  check "$rel: every comment line is '# KEY = VALUE' (or the version), all before the data" \
    awk '/^#/ { if (body || ($0 !~ /^# lgsim / && $0 !~ /^# [A-Za-z_0-9]+( [A-Za-z0-9_-]+)? = /))
      exit 1; next } { body++ } END { exit !(body >= 2) }' "$tmp/run.csv"
  check "$rel: # model_sha256 is sha256sum's" test "$(header model_sha256 "$tmp/run.csv")" = \
    "$(sha256sum < "$f" | cut -d' ' -f1)"
  awk '$1 == "body" { printf "# body %d = %s\n", ++k, $2 }' "$f" > "$tmp/bodies"
  check "$rel: a # body line per body, in order ($(wc -l < "$tmp/bodies"))" \
    sh -c "grep '^# body ' '$tmp/run.csv' | cmp -s - '$tmp/bodies'"
  awk '$1 == "joint" { printf "# joint %d = %s %s\n", ++k, $2, $6 }' "$f" > "$tmp/joints"
  check "$rel: a # joint line per joint with its two bodies ($(wc -l < "$tmp/joints"))" \
    sh -c "grep '^# joint ' '$tmp/run.csv' | cmp -s - '$tmp/joints'"
  # the run again from the CSV alone
  file=$(header model_file "$tmp/run.csv")
  set -- --model-file "$file" "$(header scheme "$tmp/run.csv")" \
    --h "$(header h "$tmp/run.csv")" --T "$(header T "$tmp/run.csv")" \
    --every "$(header every "$tmp/run.csv")"
  while read -r name val; do set -- "$@" --set "$name=$val"; done <<EOT
$(sed -n 's/^# param \([^ ]*\) = \([^ ]*\) .*/\1 \2/p' "$tmp/run.csv")
EOT
  (cd "$top" && test "$(sha256sum < "$file" | cut -d' ' -f1)" = \
     "$(header model_sha256 "$tmp/run.csv")" && "$LGSIM" run "$@" -o "$tmp/again.csv")
  check "$rel: the run repeated from its header alone gives the same bytes" \
    cmp -s "$tmp/run.csv" "$tmp/again.csv"
  # the listing of the file is the listing of its built-in twin
  (cd "$top" && "$LGSIM" list --model-file "$rel") > "$tmp/file.txt"
  "$LGSIM" list "$m" > "$tmp/builtin.txt"
  check "$rel: lgsim list --model-file prints lgsim list $m" cmp -s "$tmp/file.txt" "$tmp/builtin.txt"
  (cd "$top" && "$LGSIM" list --tsv --model-file="$rel") > "$tmp/file.tsv"
  "$LGSIM" list --tsv "$m" > "$tmp/builtin.tsv"
  check "$rel: ... and with --tsv, lgsim list --tsv $m" cmp -s "$tmp/file.tsv" "$tmp/builtin.tsv"
  check "$rel: ... which are $m's rows of lgsim list --tsv" sh -c \
    "'$LGSIM' list --tsv | awk -F'$TAB' 'NR == 1 || \$1 == \"$m\"' | cmp -s - '$tmp/builtin.tsv'"
  n=$((n + 1))
done
check "model files checked: $n" test "$n" -ge 3
check "a built-in model's run has no provenance line" \
  test "$("$LGSIM" run doublependulum ref --T 0.01 | grep -cE "$prov")" -eq 0
# the digest across SHA-256's blocks: 81 files of 120 to 200 bytes
printf 'model pad\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\njoint ground 0 0 0 a 0 0 1\n#' \
  > "$tmp/base.mb"
# (the file grows by one byte a file; padding each one afresh, a process per
# byte, took most of this test's time)
bad=0
cp "$tmp/base.mb" "$tmp/pad.mb"
pad=$((120 - $(wc -c < "$tmp/base.mb")))
[ "$pad" -ge 0 ] && printf "%${pad}s" '' | tr ' ' x >> "$tmp/pad.mb"
for len in $(seq 120 200); do
  [ "$len" -gt 120 ] && printf x >> "$tmp/pad.mb"
  got=$("$LGSIM" run --model-file "$tmp/pad.mb" ref --T 0 | sed -n 's/^# model_sha256 = //p')
  [ "$got" = "$(sha256sum < "$tmp/pad.mb" | cut -d' ' -f1)" ] || bad=$((bad + 1))
done
check "files of 120 to 200 bytes: the digest is sha256sum's ($bad differ)" test "$bad" -eq 0
check "... the last of them 200 bytes long" test "$(wc -c < "$tmp/pad.mb")" -eq 200
# names as given: a space kept, a newline escaped
cp "$tmp/base.mb" "$tmp/my model.mb"
"$LGSIM" run --model-file "$tmp/my model.mb" ref --T 0 > "$tmp/sp.csv"
check "a name with a space recorded as given" test "$(header model_file "$tmp/sp.csv")" = \
  "$tmp/my model.mb"
nl='
'
cp "$tmp/base.mb" "$tmp/a${nl}b.mb"
"$LGSIM" run --model-file "$tmp/a${nl}b.mb" ref --T 0 > "$tmp/nl.csv"
check "a name with a newline recorded on one line, the newline as \\x0a" \
  test "$(header model_file "$tmp/nl.csv")" = "$tmp/a\\x0ab.mb"
# the topology of a generated chain: every joint with its two bodies
awk 'BEGIN { print "model chain5\ngravity 9.81 0 0 -1"
  for (i = 1; i <= 5; i++)
    printf "body link%d\n  mass 0.1\n  inertia 0.0001 0.00083333 0.00083333\n  position %g 0 0\n",
      i, 0.1 * i - 0.05
  print "joint ground 0 0 0 link1 -0.05 0 0"
  for (i = 2; i <= 5; i++) printf "joint link%d 0.05 0 0 link%d -0.05 0 0\n", i - 1, i }' \
  > "$tmp/chain.mb"
"$LGSIM" run --model-file "$tmp/chain.mb" ref --T 0 > "$tmp/chain.csv"
check "chain of 5: joints 1 to 5 join ground-link1, link1-link2, ..., link4-link5" \
  test "$(grep '^# joint ' "$tmp/chain.csv" | tr '\n' ';')" = "# joint 1 = ground link1;# joint \
2 = link1 link2;# joint 3 = link2 link3;# joint 4 = link3 link4;# joint 5 = link4 link5;"
# lgsim list --model-file refuses what lgsim run --model-file refuses, in the same words
printf 'model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\njoint ground 0 0 0 b 0 0 0\n' \
  > "$tmp/bad.mb"
printf 'model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\njoint ground 0 0 1 a 0 0 0\n' \
  > "$tmp/miss.mb"
for f in "$tmp/bad.mb" "$tmp/miss.mb" "$tmp/nosuch.mb" "$tmp"; do
  "$LGSIM" list --model-file "$f" > "$tmp/list.out" 2> "$tmp/list.err"
  st=$?
  "$LGSIM" run --model-file "$f" ref > /dev/null 2> "$tmp/run.err"
  check "list --model-file $(basename "$f"): exit $st, the run's line ($(cat "$tmp/list.err"))" \
    sh -c "[ $st -eq 2 ] && [ ! -s '$tmp/list.out' ] && cmp -s '$tmp/list.err' '$tmp/run.err'"
done
"$LGSIM" list --model-file "$tmp/bad.mb" doublependulum 2> "$tmp/err" > /dev/null
check "list: a model file and a model name: exit 2" test $? -eq 2
# a start that needs assembly: refused by list, listed with --assemble as by the run
sed '/^assemble$/d' "$top/src/model/examples/triple-pendulum.mb" > "$tmp/tp4.mb"
"$LGSIM" list --model-file "$tmp/tp4.mb" > /dev/null 2> "$tmp/err"
st=$?
check "list of a four-digit start: exit 2 ($(cat "$tmp/err"))" test $st -eq 2
"$LGSIM" list --model-file "$tmp/tp4.mb" --assemble > "$tmp/tp4.list" 2> "$tmp/err"
check "... with --assemble: exit 0, a listing, nothing on standard error" \
  sh -c "[ $? -eq 0 ] && grep -q '^  body 3 = rod3' '$tmp/tp4.list' && [ ! -s '$tmp/err' ]"
"$LGSIM" list pendulum3d --assemble > /dev/null 2> "$tmp/err"
check "list MODEL --assemble: exit 2" test $? -eq 2
# a parameter the file's model lacks: the hint names the listing of the file
"$LGSIM" run --model-file "$tmp/chain.mb" ref --set S1a=0,0,0 > /dev/null 2> "$tmp/err"
check "--set of a parameter the file lacks: exit 2" test $? -eq 2
check "... pointing to lgsim list --model-file: $(cat "$tmp/err")" grep -q \
  "model file $tmp/chain.mb has no parameter 'S1a' (see lgsim list --model-file $tmp/chain.mb)" \
  "$tmp/err"
finish
