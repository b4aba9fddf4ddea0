# peer-simbody.sh: lgpeer-simbody runs a model file in Simbody: its CSV, its
# distance from the package's reference, what it refuses.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
peer=$(dirname "$LGSIM")/peer/lgpeer-simbody
dp=$top/src/model/doublependulum.mb
"$peer" --model-file "$dp" --integrator adaptive --h 0.001 --T 1 --every 500 --ref -o "$tmp/dp.csv"
check "the double pendulum, Simbody's adaptive RKM: exit 0" test $? -eq 0
check "the columns of lgsim run, then three rows" \
  test "$(grep -v '^#' "$tmp/dp.csv" | awk -F, 'NR == 1 { print $1, $2, $(NF - 1), $NF, NF }') \
$(grep -vc '^#' "$tmp/dp.csv")" = "t x1_1 energy err_ref 39 4"
check "t = 0: the package's state and energy" awk -F, '!/^#/ && $1 == "0" { ok = $NF <= 1e-12 &&
  $(NF - 1) * $(NF - 1) <= 1e-24 } END { exit !ok }' "$tmp/dp.csv"
# Simbody's adaptive Runge-Kutta-Merson at accuracy 1e-12 and the package's
# reference agree to 1.6e-11 at t = 1 s; its fixed step of 1e-3 s to 2.6e-9
check "t = 1 s, adaptive: within 1e-9 of the reference" awk -F, '!/^#/ && $1 == "1" {
  ok = $NF <= 1e-9 } END { exit !ok }' "$tmp/dp.csv"
"$peer" --model-file "$dp" --integrator rkm --h 0.001 --T 1 --every 1000 --ref -o "$tmp/rkm.csv"
check "t = 1 s, RKM at h = 1e-3: within 1e-11..1e-7 of the reference" awk -F, '!/^#/ && $1 == "1" {
  ok = $NF >= 1e-11 && $NF <= 1e-7 } END { exit !ok }' "$tmp/rkm.csv"
"$peer" --model-file "$top/src/model/examples/chain10.mb" --integrator adaptive --T 0.5 --every 500 \
  --ref -o "$tmp/chain.csv"
check "a chain of ten rods, adaptive: within 1e-9 of the reference" awk -F, '!/^#/ && $1 == "0.5" {
  ok = $NF <= 1e-9 } END { exit !ok }' "$tmp/chain.csv"
"$peer" --model-file "$dp" --integrator leapfrog 2> "$tmp/err"
check "an unknown integrator: exit 2" test $? -eq 2
"$peer" --model-file "$top/src/model/examples/fourbar-rrrr.mb" 2> "$tmp/err"
st=$?
check "a closed loop: exit 2, naming the joint" test "$st $(grep -c 'closes a loop' "$tmp/err")" = "2 1"
finish
