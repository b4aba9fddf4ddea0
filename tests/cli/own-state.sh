# own-state.sh: no NaN placeholders; reduced schemes write Gamma; the exact
# planar solution goes over the top.
. "$(dirname "$0")/common.inc"
pairs > "$tmp/pairs"
while IFS="$TAB" read -r m s src par; do
  "$LGSIM" run "$m" "$s" --T 0.2 --reortho > "$tmp/out.csv" 2> /dev/null
  check "$m $s: no nan in any row" awk -F, '/^#/ { next } { for (i = 1; i <= NF; i++)
    if ($i ~ /nan/) exit 1 }' "$tmp/out.csv"
done < "$tmp/pairs"
"$LGSIM" run pendulum3d p3d-ra --T 0.02 > "$tmp/ra.csv"
check "p3d-ra writes Gamma and W" sh -c \
  "grep -q '^t,Gamma1,Gamma2,Gamma3,W1,W2,W3,' '$tmp/ra.csv'"
"$LGSIM" run planar reduced --T 0.02 > "$tmp/pr.csv"
check "planar reduced writes Gamma" sh -c "grep -q '^t,theta,omega,Gamma1,Gamma2,' '$tmp/pr.csv'"
"$LGSIM" run planar complete --T 0.02 > "$tmp/pc.csv"
check "planar complete writes R" sh -c "grep -q '^t,theta,omega,R11,R12,R21,R22,' '$tmp/pc.csv'"
for start in "omega0=100" "omega0=-100" "theta0=3 --set omega0=1" \
  "theta0=3.141592653589793 --set omega0=0"; do
  "$LGSIM" run planar exact --T 3 --set $start > "$tmp/ex.csv"
  st=$?
  "$LGSIM" run planar ref --T 3 --set $start > "$tmp/ref.csv"
  check "planar exact --set $start: exit 0 ($st)" test "$st" -eq 0
  check "... agrees with the reference at t = 3" awk -F, 'FNR == NR { if ($1 == 3) a = $2; next }
    $1 == 3 { d = $2 - a; if (d < 0) d = -d; exit !(d < 1e-9 * (1 + (a < 0 ? -a : a))) \
      }' "$tmp/ex.csv" "$tmp/ref.csv"
done
finish
