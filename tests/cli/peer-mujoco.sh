# peer-mujoco.sh: lgpeer-mujoco runs a model file in MuJoCo: its CSV, its
# distance from the package's reference, what it refuses.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
peer=$(dirname "$LGSIM")/peer/lgpeer-mujoco
"$peer" --model-file "$top/src/model/doublependulum.mb" --h 0.001 --T 1 --every 250 --ref \
  -o "$tmp/dp.csv"
check "the double pendulum, MuJoCo's RK4: exit 0" test $? -eq 0
check "the columns of lgsim run, then five rows" \
  test "$(grep -v '^#' "$tmp/dp.csv" | awk -F, 'NR == 1 { print $1, $2, $(NF - 1), $NF, NF }') \
$(grep -vc '^#' "$tmp/dp.csv")" = "t x1_1 energy err_ref 39 6"
# at t = 0 MuJoCo starts at the package's state (the export's test: 1e-12) and
# with its energy, 0 J; at t = 1 s its RK4, second order on ball joints, is
# 8.9e-5 from the reference (cmp-peer-order)
check "t = 0: the package's state and energy" awk -F, '!/^#/ && $1 == "0" { ok = $NF <= 1e-12 &&
  $(NF - 1) * $(NF - 1) <= 1e-24 } END { exit !ok }' "$tmp/dp.csv"
check "t = 1 s: within 1e-5..1e-3 of the reference" awk -F, '!/^#/ && $1 == "1" {
  ok = $NF >= 1e-5 && $NF <= 1e-3 } END { exit !ok }' "$tmp/dp.csv"
"$peer" --model-file "$top/src/model/doublependulum.mb" --integrator leapfrog 2> "$tmp/err"
check "an unknown integrator: exit 2" test $? -eq 2
"$peer" --model-file "$top/src/model/examples/fourbar-rrrr.mb" 2> "$tmp/err"
st=$?
check "a closed loop: exit 2, naming the joint" test "$st $(grep -c 'closes a loop' "$tmp/err")" = "2 1"
finish
