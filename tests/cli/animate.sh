# animate.sh: lgsim animate draws a run as an animated GIF or a filmstrip;
# bad input is refused and a failed drawing leaves nothing.
. "$(dirname "$0")/common.inc"
# gif_frames FILE: the number of images of a GIF, or -1 if it is not one
gif_frames() {
  od -An -v -tu1 "$1" | awk '
    { for (i = 1; i <= NF; i++) b[n++] = $i + 0 }
    END {
      if (n < 13 || b[0] != 71 || b[1] != 73 || b[2] != 70) { print -1; exit }
      p = 13; if (b[10] >= 128) p += 3 * 2 ^ (b[10] % 8 + 1)
      f = 0
      while (p < n) {
        c = b[p++]
        if (c == 59) { print f; exit }
        if (c == 33) { p++; while (p < n && b[p] > 0) p += b[p] + 1; p++; continue }
        if (c == 44) { f++; flags = b[p + 8]; p += 9
                       if (flags >= 128) p += 3 * 2 ^ (flags % 8 + 1)
                       p++; while (p < n && b[p] > 0) p += b[p] + 1; p++; continue }
        print -1; exit
      }
      print -1 }'
}
TMPDIR=$tmp/frames             # where lgsim animate writes its frames and script
export TMPDIR
mkdir "$TMPDIR"
"$LGSIM" run doublependulum dh --h 0.01 --T 2 -o "$tmp/dp.csv"
check "the double pendulum runs" test $? -eq 0
"$LGSIM" animate "$tmp/dp.csv" --every 5 -o "$tmp/dp.gif" 2> "$tmp/err"
check "animate --every 5: exit 0" test $? -eq 0
check "... quietly" test ! -s "$tmp/err"
n=$(gif_frames "$tmp/dp.gif")
check "... a GIF of 41 images, at least 20 ($n)" test "$n" -eq 41
"$LGSIM" animate "$tmp/dp.csv" -o "$tmp/dp2.gif"
n=$(gif_frames "$tmp/dp2.gif")
check "animate with the default --every: 67 images ($n)" test "$n" -eq 67
"$LGSIM" animate "$tmp/dp.csv" -o "$tmp/dp3.gif"
check "... the same bytes twice" cmp -s "$tmp/dp2.gif" "$tmp/dp3.gif"
"$LGSIM" animate "$tmp/dp.csv" --filmstrip 6 --view 90,0 -o "$tmp/strip.pdf"
check "--filmstrip 6: exit 0" test $? -eq 0
check "... a PDF" test "$(head -c 5 "$tmp/strip.pdf")" = "%PDF-"

# bad input: exit 2, one line naming the problem, no file
awk '/^#/ { print; next } { print; exit }' "$tmp/dp.csv" > "$tmp/norows.csv"
cat > "$tmp/gone.mb" <<'MB'
model gone
gravity 9.81 0 0 -1
body b
  mass 1
  inertia 0.1 0.1 0.1
  position 0 0 -1
joint ground 0 0 0 b 0 0 1
MB
(cd "$tmp" && "$LGSIM" run --model-file gone.mb dh --T 0.1 -o gone.csv)
rm -f "$tmp/gone.mb"
"$LGSIM" run planar rk4 --T 0.1 -o "$tmp/planar.csv"
while IFS='|' read -r args want; do
  # shellcheck disable=SC2086
  (cd "$tmp" && "$LGSIM" animate $args 2> err)
  st=$?
  check "animate $args: exit 2 ($st)" test "$st" -eq 2
  check "... '$want'" grep -qF -- "$want" "$tmp/err"
  check "... one line" test "$(wc -l < "$tmp/err")" -eq 1
  check "... no output" test ! -e "$tmp/none.gif" -a ! -e "$tmp/none.png"
done <<'CASES'
norows.csv -o none.gif|norows.csv: no rows to draw
gone.csv -o none.gif|its model file gone.mb (# model_file) is not found
planar.csv -o none.gif|model planar (family planar) has no bodies and joints to draw
dp.csv --view 60 -o none.gif|--view: '60' is not ROT_X,ROT_Z
dp.csv --view 200,10 -o none.gif|ROT_X must lie in [0, 180]
dp.csv --every 0 -o none.gif|--every: '0' is not a whole number
dp.csv -o none.png|does not end in .gif
missing.csv -o none.gif|missing.csv: cannot read
CASES

# a gnuplot that fails: exit 1 and nothing in the directory
mkdir "$tmp/bin" "$tmp/out"
printf '#!/bin/sh\necho "stand-in failure" >&2\nexit 1\n' > "$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PATH="$tmp/bin:$PATH" "$LGSIM" animate "$tmp/dp.csv" -o "$tmp/out/dp.gif" 2> "$tmp/err"
check "a failing gnuplot: exit 1" test $? -eq 1
check "... with its words" grep -q "stand-in failure" "$tmp/err"
check "... and nothing in the output's directory" test -z "$(ls -A "$tmp/out")"
check "no frames nor script left in TMPDIR" test -z "$(ls -A "$TMPDIR")"
finish
