# library.sh: the library sets parameters and options with lgsim's
# validation, and its messages are lgsim's in the library's words.
. "$(dirname "$0")/common.inc"
LIBTEST=${LGREPRO_TEST:-$(dirname "$LGSIM")/unit/lgrepro}
[ -x "$LIBTEST" ] || { echo "FAIL: $LIBTEST (the library's unit test) is not built"; exit 1; }
set -- $(pair_with_params m J R0)
M=${1:-}; S=${2:-}
[ -n "$M" ] || { echo "FAIL: no model with parameters m, J and R0 in lgsim list --tsv"; exit 1; }

# lgsim's words for what the user typed, and the library's for the same thing
LIBWORDS='s/^--set: model /model /; s/^--set: /lgr_set: /; s/^--set /parameter /
s/--reortho/the option reortho/; s/--assemble/the option assemble/
s/^--\([a-z-]*\):/option \1:/
s/^\(unknown model .*\) (see lgsim list)$/\1 (lgr_model_at lists them)/
s/^\(unknown scheme .*\) (see lgsim list \([^)]*\))$/\1 for model \2 (lgr_scheme_at lists them)/
s/(see lgsim list [^)]*)$/(lgr_param_name lists them)/'

same() { # same ARGS...: lgsim run ARGS and the library agree
  "$LGSIM" run "$@" --T 0 -o "$tmp/out.csv" > /dev/null 2> "$tmp/lgsim"
  st=$?
  "$LIBTEST" "$@" > "$tmp/lib" 2>&1
  lst=$?
  if [ "$st" -eq 0 ]; then want=ok; else want=$(sed -e 's/^lgsim: //' -e "$LIBWORDS" "$tmp/lgsim"); fi
  got=$(cat "$tmp/lib")
  case $got in *--*|*lgsim*) fail "$*: the library speaks of the command line: $got"; return;; esac
  if [ "$want" = "$got" ] && [ "$st" -eq "$lst" ]; then
    ok "$*: $got"
  else
    fail "$*: lgsim says '$want' (status $st), the library '$got' (status $lst)"
  fi
}

same nosuchmodel "$S"
same "$M" nosuchscheme
other=$(pairs | awk -F"$TAB" -v m="$M" '$1 == m { mine[$2] = 1; next } { s[$2] = 1 }
  END { for (k in s) if (!(k in mine)) { print k; exit } }')
[ -n "$other" ] && same "$M" "$other"
same "$M" "$S" --set nosuchparam=1
same "$M" "$S" --set m
for v in xyz nan 1,2 -2.5 0 1e999 0x1p-3; do same "$M" "$S" --set "m=$v"; done
for v in 1,2 1,2,3,4 1,inf,1 1,q,1 0.1,0.2,0.5 -0.25,1,1 0.2,0.3,0.4; do same "$M" "$S" --set \
  "J=$v"; done
for v in 1,0,0,0,1,0,0,0,1.001 1,0,0 cardan:1,2 cardan:0.1,0.2,0.3 1,0,0,0,1,0,0,0,1.0000001; do
  same "$M" "$S" --set "R0=$v"
done
same "$M" "$S" --reortho --set R0=1,0,0,0,1,0,0,0,1.0000001
same "$M" "$S" --newton-tol 0
same "$M" "$S" --newton-tol abc
same "$M" "$S" --newton-maxiter 0
same "$M" "$S" --newton-maxiter 2.5
same "$M" "$S" --newton-solver frobnicate
same "$M" "$S" --newton-solver hybridsj
same "$M" "$S" --ref-tol -1
# a model file: its parser's messages, and a value its check rejects
printf 'model two\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\njoint ground 0 0 0 a 0 0 1\n' > "$tmp/ok.mb"
printf 'model bad\nbody a\nmass 1 2\n' > "$tmp/bad.mb"
mf=$(pairs | awk -F"$TAB" '$1 == "doublependulum" { print $2; exit }')
if [ -n "$mf" ]; then
  same --model-file "$tmp/ok.mb" "$mf"
  same --model-file "$tmp/ok.mb" "$mf" --set m1=-1
  same --model-file "$tmp/ok.mb" "$mf" --set x1=0,0,-2
  same --model-file "$tmp/bad.mb" "$mf"
  same --model-file "$tmp/nosuch.mb" "$mf"
else
  echo "note: no multibody model in the table; the model-file cases are skipped"
fi
finish
