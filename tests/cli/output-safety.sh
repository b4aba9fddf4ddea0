# output-safety.sh: no file under the output name or beside it when a run is
# killed by a signal; an inherited SIG_IGN is respected.
. "$(dirname "$0")/common.inc"
long="pendulum3d rk4 --h 1e-5 --T 1000 --every 1000 --max-output 100G"
killed() { # SIGNAL [env]: start a long run, send SIGNAL, expect an empty directory
  sig=$1; shift
  rm -rf "$tmp/o"; mkdir "$tmp/o"
  env "$@" perl -e \
    '$SIG{$_} = "DEFAULT" for qw(INT QUIT HUP TERM USR1 ALRM PIPE XFSZ); exec @ARGV' \
    "$LGSIM" run $long -o "$tmp/o/out.csv" 2> /dev/null &
  p=$!
  sleep 0.4
  kill -s "$sig" "$p"
  wait "$p"
  st=$?
  if [ "$st" -gt 128 ] && [ -z "$(ls -A "$tmp/o")" ]; then ok \
    "SIG$sig $*: killed ($st), nothing left"
  else fail "SIG$sig $*: exit status $st, left '$(ls -A "$tmp/o")'"; fi
}
for sig in QUIT USR1 ALRM PIPE XFSZ TERM HUP INT; do
  killed "$sig"
  killed "$sig" LGSIM_NO_O_TMPFILE=1
done
killed KILL
# nohup: an ignored SIGHUP stays ignored
rm -rf "$tmp/o"; mkdir "$tmp/o"
perl -e '$SIG{HUP} = "IGNORE"; exec @ARGV' \
  "$LGSIM" run pendulum3d rk4 --h 1e-5 --T 20 --every 1000 -o "$tmp/o/out.csv" &
p=$!
# the hangup only once perl has handed over to lgsim (a fixed wait lost the
# race on a loaded machine: the hangup reached perl before it ignored it)
i=0
while [ "$i" -lt 100 ] && ! readlink "/proc/$p/exe" 2> /dev/null | grep -q lgsim; do
  sleep 0.05; i=$((i + 1))
done
kill -s HUP "$p" 2> /dev/null
wait "$p"
st=$?
check "with SIGHUP ignored, a hangup does not stop the run (exit $st)" test "$st" -eq 0
check "... and its file is complete" sh -c "tail -1 '$tmp/o/out.csv' | grep -q '^20,'"
# replacing an existing file, on both ways
echo old > "$tmp/o/out.csv"
"$LGSIM" run planar rk4 --T 0.02 -o "$tmp/o/out.csv"
check "an existing file is replaced" grep -q '^0.02,' "$tmp/o/out.csv"
LGSIM_NO_O_TMPFILE=1 "$LGSIM" run planar rk4 --T 0.03 -o "$tmp/o/out.csv"
check "... also on the fallback" grep -q '^0.029999999999999999,' "$tmp/o/out.csv"
check "... leaving nothing beside it" test "$(ls -A "$tmp/o")" = out.csv
finish
