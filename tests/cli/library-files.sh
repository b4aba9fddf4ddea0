# library-files.sh: what the library installs, checked where it is built:
# the static archive defines the lgr_ names and no other (a program with its
# own so3_exp links against it, -static too); every declaration of the
# header has its comment; the manual page renders without a warning and its
# example compiles, runs and prints what the page says.
. "$(dirname "$0")/common.inc"
top=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(cd "$(dirname "$LGSIM")/../lib" && pwd)/liblgrepro.a
hdr=$top/src/api/lgrepro.h
page=$top/src/api/lgrepro.3
[ -f "$lib" ] || { echo "FAIL: $lib is not built (make lib)"; exit 1; }

# 1. the archive's names
nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort > "$tmp/defined"
other=$(grep -v '^lgr_' "$tmp/defined" | head -5 | tr '\n' ' ')
check "liblgrepro.a defines no global name but lgr_ ones ${other:+(also: $other)}" test -z "$other"
sed -n 's/^LGR_API[^(]*[ *]\(lgr_[a-z0-9_]*\)(.*/\1/p' "$hdr" | sort > "$tmp/declared"
check "liblgrepro.a defines each of the $(wc -l < "$tmp/declared") functions the header declares" \
  cmp -s "$tmp/declared" "$tmp/defined"

# 2. a program of its own with a function the package also has internally
cat > "$tmp/own.c" << 'END'
#include <stdio.h>
#include <lgrepro.h>
void so3_exp(double R[9], const double w[3]);
void so3_exp(double R[9], const double w[3]) { for (int i = 0; i < 9; i++) R[i] = w[0]; }
int main(void)
{
  double R[9], w[3] = {42, 0, 0};
  so3_exp(R, w);
  lgr_sim *s = lgr_alloc(lgr_model_find("pendulum3d-moiseev", NULL, 0), "lgvi-exp", NULL, 0);
  int st = lgr_init(s, 0.01, NULL, 0);
  for (int k = 0; k < 100 && st == LGR_OK; k++) st = lgr_step(s);
  printf("%g %d %g\n", R[4], st, lgr_time(s));
  lgr_free(s);
  return 0;
}
END
if nm -u "$lib" | grep -q '__[a-z]*san_'; then
  echo "note: a sanitizer build; the links below need the sanitizer's own run time, skipped"
else
  for mode in "" -static; do
    if ${CC:-cc} -std=c11 $mode -I"$top/src/api" -o "$tmp/own" "$tmp/own.c" "$lib" \
         -lgsl -lgslcblas -lm -pthread > "$tmp/ld" 2>&1; then
      out=$("$tmp/own")
      check "a program with its own so3_exp links ${mode:-dynamically} and runs: $out" \
        test "$out" = "42 0 1"
    else
      fail "a program with its own so3_exp links ${mode:-dynamically}: $(head -2 "$tmp/ld")"
    fi
  done
fi

# 3. the header documents itself: a comment ends on the line before each declaration
bare=$(awk '/^LGR_API/ && prev !~ /\*\/$/ { print $0 } { prev = $0 }' "$hdr" |
  sed 's/^LGR_API[^(]*[ *]\(lgr_[a-z0-9_]*\)(.*/\1/' | tr '\n' ' ')
check "every declaration of lgrepro.h has its comment ${bare:+(not: $bare)}" test -z "$bare"

# 4. the manual page: no warning, every function named, the example as printed
warn=$(groff -man -ww -z "$page" 2>&1)
check "groff -man -ww -z lgrepro.3: no warning ${warn:+($warn)}" test -z "$warn"
missing=$(while read -r f; do grep -q "$f(" "$page" || echo "$f"; done < "$tmp/declared" |
  tr '\n' ' ')
check "lgrepro.3 describes every function ${missing:+(missing: $missing)}" test -z "$missing"
for c in LGR_OK LGR_EINVAL LGR_ENEWTON LGR_ENOMEM LGR_ESOLVER LGR_EOUTPUT LGR_ENONFINITE \
  LGR_EWORK LGR_ERANK; do
  grep -q "^\.BR $c " "$page" || fail "lgrepro.3 describes status $c"
done
awk '/^\.EE/ { if (inex) exit } inex { print } /^\.EX/ { inex = 1 }' "$page" |
  sed 's/\\e/\\/g; s/\\-/-/g' > "$tmp/example.c"
if nm -u "$lib" | grep -q '__[a-z]*san_'; then :; elif
  ${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic -I"$top/src/api" -o "$tmp/example" \
    "$tmp/example.c" "$lib" -lgsl -lgslcblas -lm -pthread > "$tmp/ld" 2>&1; then
  "$tmp/example" > "$tmp/out" 2>&1
  want=$(awk '/^It prints/ { p = 1; next } p && /^\.EX/ { q = 1; next } q && /^\.EE/ { exit }
    q { print }' "$page" | sed 's/\\-/-/g; s/ \.\.\.$//')
  want1=$(printf '%s\n' "$want" | sed -n 1p); want2=$(printf '%s\n' "$want" | sed -n 2p)
  got1=$(sed -n 1p "$tmp/out"); got2=$(sed -n 2p "$tmp/out")
  case $got2 in "$want2"*) second=yes ;; *) second=no ;; esac
  check "the manual's example prints what the page says: $got1 / $got2" \
    test "$got1" = "$want1" -a "$second" = yes -a -n "$want2"
else
  fail "the manual's example compiles warning-free: $(head -3 "$tmp/ld")"
fi
finish
