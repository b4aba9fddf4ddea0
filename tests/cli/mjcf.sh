# mjcf.sh: lgsim export --mjcf: what it writes, what it refuses.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
"$LGSIM" export --mjcf --model-file "$top/src/model/doublependulum.mb" -o "$tmp/dp.xml"
check "export of the double pendulum: exit 0" test $? -eq 0
check "the double pendulum: two nested bodies, two ball joints, a keyframe" \
  test "$(grep -c '<body ' "$tmp/dp.xml") $(grep -c 'type="ball"' "$tmp/dp.xml") \
$(grep -c '<key name="initial"' "$tmp/dp.xml")" = "2 2 1"
check "gravity 9.8 along +e3" grep -q '<option gravity="0 0 9.8000000000000007"/>' "$tmp/dp.xml"
"$LGSIM" export --mjcf --model-file "$top/src/model/doublependulum.mb" > "$tmp/dp-out.xml"
check "to the standard output: the same text" cmp -s "$tmp/dp.xml" "$tmp/dp-out.xml"
body() { printf 'body %s\nmass 1\ninertia 0.1 0.1 0.1\nposition %s\n' "$1" "$2"; }
refused() { # refused DESCRIPTION WORDS FILE: exit 2, the words in the message, no output
  "$LGSIM" export --mjcf --model-file "$3" -o "$tmp/out.xml" 2> "$tmp/err"
  st=$?
  if [ "$st" -eq 2 ] && grep -q "$2" "$tmp/err" && [ ! -e "$tmp/out.xml" ]; then ok "$1"
  else fail "$1: exit $st, $(head -c 300 "$tmp/err")"; fi
}
refused "a closed loop refused, naming the joint" "joint 3 closes a loop" \
  "$top/src/model/examples/fourbar-rrrr.mb"
refused "a universal joint refused" "joint 2 is universal: not written, MuJoCo would need two" \
  "$top/src/model/examples/hinge-cardan.mb"
{ echo "model cyl"; body a "0 0 -1"; echo "joint cylindrical ground 0 0 0 a 0 0 1 axis 0 0 1"; } > "$tmp/cyl.mb"
refused "a cylindrical joint refused" "joint 1 is cylindrical: not written" "$tmp/cyl.mb"
{ echo "model spring"; body a "0 0 -1"; body b "0 0 -2"; echo "joint ground 0 0 0 a 0 0 1";
  echo "spring a 0 0 0 b 0 0 0 stiffness 10 damping 0 length 1"; } > "$tmp/spring.mb"
refused "a spring refused" "model has springs: not written" "$tmp/spring.mb"
{ echo "model force"; body a "0 0 -1"; echo "force a 1 0 0"; } > "$tmp/force.mb"
refused "a constant force refused" "model has constant forces: not written" "$tmp/force.mb"
chain() { # a hanging chain of n bodies joined by spherical joints
  echo "model chain$1"; i=1; while [ "$i" -le "$1" ]; do body "b$i" "0 0 -$i"
    if [ "$i" -eq 1 ]; then echo "joint ground 0 0 0 b1 0 0 1"
    else echo "joint b$((i - 1)) 0 0 -0.5 b$i 0 0 0.5"; fi; i=$((i + 1)); done; }
chain 96 > "$tmp/c96.mb"
"$LGSIM" export --mjcf --model-file "$tmp/c96.mb" -o "$tmp/c96.xml"
check "a chain of 96 bodies is written" test $? -eq 0 -a -s "$tmp/c96.xml"
chain 97 > "$tmp/c97.mb"
refused "a chain of 97 refused, naming the limit" \
  "body b97 is nested 97 bodies deep: not written, MuJoCo 2.2.2's XML reader loads at most 96" \
  "$tmp/c97.mb"
"$LGSIM" export --model-file "$tmp/c96.mb" -o "$tmp/out.xml" 2> "$tmp/err"
check "no format: exit 2, no file" test $? -eq 2 -a ! -e "$tmp/out.xml"
finish
