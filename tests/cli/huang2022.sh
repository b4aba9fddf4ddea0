# huang2022.sh: the schemes of the huang2022 chapter through lgsim: each runs,
# writes the documented columns, holds its constraints; a forced Newton
# failure exits 3 naming the step and the time.
. "$(dirname "$0")/common.inc"
"$LGSIM" list --tsv > "$tmp/list.tsv"
for m in doublependulum doublependulum-spin spherical-top; do
  for s in dh rattlie dl galpha; do
    check "lgsim list --tsv has $m $s" grep -q "^$m${TAB}$s${TAB}" "$tmp/list.tsv"
  done
done
for m in pendulum3d pendulum3d-moiseev; do
  for s in rattlie galpha; do
    check "lgsim list --tsv has $m $s" grep -q "^$m${TAB}$s${TAB}" "$tmp/list.tsv"
  done
done
for s in dh rattlie dl galpha; do
  "$LGSIM" run doublependulum "$s" --h 0.001 --T 0.5 --every 100 -o "$tmp/$s.csv"
  check "doublependulum $s: exit 0" test $? -eq 0
  check "doublependulum $s: 42 columns, the last newton_iters" \
    awk -F, '!/^#/ { if (!h) { h = 1; if (NF != 42 || $NF != "newton_iters") exit 1; next }
                     if (NF != 42) exit 1 }' "$tmp/$s.csv"
  check "doublependulum $s: rows t = 0, 0.1, ..., 0.5" \
    test "$(grep -v '^#' "$tmp/$s.csv" | sed 1d | wc -l)" -eq 6
  check "doublependulum $s: joints held (phi_err < 1e-12 m)" \
    awk -F, '!/^#/ && NR > 1 && $1 + 0 > 0 { if (!($(NF-2) < 1e-12)) exit 1 }' "$tmp/$s.csv"
done
for s in dh rattlie; do
  check "doublependulum $s: velocity constraint to round-off (dphi_err < 1e-13 m/s)" \
    awk -F, '!/^#/ && NR > 1 && $1 + 0 > 0 { if (!($(NF-1) < 1e-13)) exit 1 }' "$tmp/$s.csv"
done
for m in pendulum3d pendulum3d-moiseev spherical-top doublependulum-spin; do
  for s in rattlie galpha; do
    "$LGSIM" run "$m" "$s" --h 0.01 --T 1 --every 100 > "$tmp/o.csv"
    check "$m $s: exit 0" test $? -eq 0
    check "$m $s: two rows and a header, newton_iters last" \
      sh -c "grep -v '^#' '$tmp/o.csv' | head -1 | grep -q ',newton_iters\$' &&
             test \$(grep -vc '^#' '$tmp/o.csv') -eq 3"
  done
done
mkdir "$tmp/o"
for s in dh galpha; do
  "$LGSIM" run doublependulum "$s" --h 0.001 --T 1 --newton-maxiter 1 --newton-tol 1e-300 \
    -o "$tmp/o/out.csv" 2> "$tmp/err"
  st=$?
  check "doublependulum $s, --newton-maxiter 1: exit 3 (got $st)" test "$st" -eq 3
  check "... one line naming step, time and residual: $(cat "$tmp/err")" \
    grep -q '^lgsim: Newton iteration failed at step [1-9][0-9]*, t = [0-9.e+-]*, residual [0-9]' "$tmp/err"
  check "... no output file" test -z "$(ls -A "$tmp/o")"
done
finish
