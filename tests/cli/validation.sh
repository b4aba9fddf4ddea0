# validation.sh: one validation and one message style for every model.
. "$(dirname "$0")/common.inc"
expect2() { # NEEDLE ARGS...: exit 2, one line containing NEEDLE, nothing written
  n=$1; shift
  rm -rf "$tmp/o"; mkdir "$tmp/o"
  "$LGSIM" run "$@" -o "$tmp/o/out.csv" > "$tmp/out" 2> "$tmp/err"
  st=$?
  what="lgsim run $*"
  [ "$st" -eq 2 ] || { fail "$what: exit status $st, expected 2"; return; }
  [ "$(wc -l < "$tmp/err")" -eq 1 ] || { fail \
    "$what: stderr is not one line: $(cat "$tmp/err")"; return; }
  grep -qF -e "$n" "$tmp/err" || { fail "$what: does not say '$n': $(cat "$tmp/err")"; return; }
  [ -z "$(ls -A "$tmp/o")" ] && [ ! -s "$tmp/out" ] || { fail "$what: wrote something"; return; }
  ok "$what: $(cat "$tmp/err")"
}
# rotations: proper, for every model that has one
expect2 "reflection" offsetbody rk3 --reortho --set R0=-1,0,0,0,-1,0,0,0,-1
expect2 "reflection" offsetbody rk3 --reortho --set R0=1,0,0,0,1,0,0,0,-1
expect2 "reflection" pendulum3d rk4 --reortho --set R0=1,0,0,0,1,0,0,0,-1
expect2 "reflection" doublependulum ref --reortho --set R1=1,0,0,0,1,0,0,0,-1
expect2 "--reortho" offsetbody rk3
expect2 "too far" pendulum3d rk4 --reortho --set R0=2,0,0,0,2,0,0,0,2
# one message style: "parameter NAME: VALUE ..." for every model
expect2 "parameter m: -1 is not positive" pendulum3d rk4 --set m=-1
expect2 "parameter m: -1 is not positive" pendulum3d-moiseev lgvi-exp --set m=-1
expect2 "parameter m: -1 is not positive" offsetbody rk3 --reortho --set m=-1
expect2 "parameter m: -1 is not positive" planar rk4 --set m=-1
expect2 "parameter m2 (body rod2): -1 is not positive" doublependulum ref --set m2=-1
expect2 "parameter J: 1,1,3 violates the triangle inequality" offsetbody rk3 --reortho --set \
  J=1,1,3
expect2 "parameter gdir_tr: 0,0,2 is not a unit vector" offsetbody rk3 --reortho --set \
  gdir_tr=0,0,2
# numbers: decimal only, nothing around them
for v in 0x1p-3 +5 " 0.1" "0.1 " 1e 0.1.2 . - inf nan 00.5; do
  expect2 "is not a number" planar rk4 --h "$v"
done
expect2 "is not an integer" planar rk4 --every 007
expect2 "is not an integer" planar rk4 --every +3
# a value with control characters is echoed escaped, on one line
esc=$(printf '\033')
expect2 '\x1b[31m' planar rk4 --set "omega0=1${esc}[31m"
nl='1
2'
expect2 '1\x0a2' planar rk4 --h "$nl"
check "no escape byte reaches the terminal" sh -c "! grep -q '$esc' '$tmp/err'"
# -o "" is refused before the run, without an internal name
expect2 "-o: the file name is empty" planar rk4 -o ""
check "... and names no temporary file" sh -c "! grep -q XXXXXX '$tmp/err'"
"$LGSIM" run planar rk4 -o "$tmp" 2> "$tmp/err"
check "-o a directory: exit 2 ($(cat "$tmp/err"))" test $? -eq 2
finish
