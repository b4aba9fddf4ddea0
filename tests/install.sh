# install.sh: the package built and installed as a distribution builds and
# installs it (make check-install; run by CI).  1. make install after make
# compiles nothing and installs every file where the GNU coding standards
# put it; the installed manual pages render without a warning and name no
# path of the source tree; the installed lgsim runs an installed model file.
# 2. Every GNU directory variable moves what it names, PREFIX is prefix.
# 3. make uninstall removes every file and every directory install created,
# and nothing else.  4. The flags of dpkg-buildflags are appended to the
# package's: the build succeeds without a warning and without -Werror.
cd "$(dirname "$0")/.." || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
check() { d=$1; shift; if "$@"; then ok "$d"; else fail "$d"; fi; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
MAKE=${MAKE:-make}
models=$(cd src/model && ls *.mb)

# 1. make, then make install: nothing compiled, everything in place
$MAKE build/bin/lgsim > /dev/null || { echo "FAIL: make"; exit 1; }   # what make builds
out=$($MAKE install DESTDIR="$tmp/a" prefix=/usr 2>&1) || fail "make install: $out"
cc=$(printf '%s\n' "$out" | grep -E '^  CC ' | head -3 | tr '\n' ' ')
check "make install after make compiles nothing ${cc:+(it compiled: $cc)}" test -z "$cc"
missing=
for f in bin/lgsim include/lgrepro.h lib/liblgrepro.a lib/liblgrepro.so lib/liblgrepro.so.0 \
  lib/pkgconfig/lgrepro.pc share/man/man1/lgsim.1 share/man/man3/lgrepro.3 \
  share/lgrepro/example.c $(for m in $models; do echo "share/lgrepro/models/$m"; done); do
  [ -e "$tmp/a/usr/$f" ] || missing="$missing $f"
done
check "make install prefix=/usr installs every file under usr/${missing:+ (missing:$missing)}" \
  test -z "$missing"
for p in "$tmp"/a/usr/share/man/man*/*; do
  warn=$(groff -man -ww -z "$p" 2>&1)
  check "installed $(basename "$p"): no groff warning ${warn:+($warn)}" test -z "$warn"
  where=$(grep -nE '(^|[ (])(src|build)/' "$p" | head -2 | tr '\n' ' ')
  check "installed $(basename "$p") names no path of the source tree ${where:+($where)}" \
    test -z "$where"
done
check "installed lgsim(1) names the installed model files" \
  grep -q '/usr/share/lgrepro/models/doublependulum\.mb' "$tmp/a/usr/share/man/man1/lgsim.1"
"$tmp/a/usr/bin/lgsim" run --model-file "$tmp/a/usr/share/lgrepro/models/doublependulum.mb" \
  ref --T 0.01 -o "$tmp/run.csv" 2> "$tmp/err"
check "the installed lgsim runs an installed model file" test $? -eq 0 -a -s "$tmp/run.csv"
sed -n '/^<!-- example -->$/,/^<!-- \/example -->$/p' README.md | sed -n '/^```/,/^```/{/^```/d;p}' \
  > "$tmp/readme-example.c"
check "share/lgrepro/example.c is the README's example" \
  cmp -s "$tmp/readme-example.c" "$tmp/a/usr/share/lgrepro/example.c"

# 2. the GNU directory variables, each on its own; PREFIX as prefix
gnu="prefix=/opt/lg exec_prefix=/opt/lg/arch bindir=/opt/lg/tools libdir=/opt/lg/lib64
  includedir=/opt/lg/inc datarootdir=/opt/lg/data mandir=/opt/lg/manuals"
$MAKE install DESTDIR="$tmp/b" $gnu > /dev/null || fail "make install with every variable"
missing=
for f in tools/lgsim inc/lgrepro.h lib64/liblgrepro.so lib64/pkgconfig/lgrepro.pc \
  manuals/man1/lgsim.1 manuals/man3/lgrepro.3 data/lgrepro/example.c \
  data/lgrepro/models/doublependulum.mb; do
  [ -e "$tmp/b/opt/lg/$f" ] || missing="$missing $f"
done
check "bindir, libdir, includedir, datarootdir and mandir move their files ${missing:+(missing:$missing)}" \
  test -z "$missing"
check "lgrepro.pc names the libdir and includedir given" \
  sh -c "grep -qx 'libdir=/opt/lg/lib64' '$tmp/b/opt/lg/lib64/pkgconfig/lgrepro.pc' && \
         grep -qx 'includedir=/opt/lg/inc' '$tmp/b/opt/lg/lib64/pkgconfig/lgrepro.pc'"
$MAKE install DESTDIR="$tmp/c" prefix=/p exec_prefix=/e > /dev/null
check "exec_prefix moves bindir and libdir, not includedir or mandir" \
  test -x "$tmp/c/e/bin/lgsim" -a -f "$tmp/c/e/lib/liblgrepro.a" -a -f "$tmp/c/p/include/lgrepro.h" \
    -a -f "$tmp/c/p/share/man/man3/lgrepro.3"
$MAKE install DESTDIR="$tmp/d" PREFIX=/opt/alias > /dev/null
check "PREFIX is an alias of prefix" test -x "$tmp/d/opt/alias/bin/lgsim" \
  -a -f "$tmp/d/opt/alias/share/lgrepro/models/mast.mb"

# 3. uninstall: no file, no directory of install's left; what was there stays
$MAKE uninstall DESTDIR="$tmp/a" prefix=/usr > /dev/null
$MAKE uninstall DESTDIR="$tmp/b" $gnu > /dev/null
for s in a b; do
  left=$(cd "$tmp/$s" && find . -mindepth 1 | head -5 | tr '\n' ' ')
  check "make uninstall ($s) removes every file and directory install made ${left:+(left: $left)}" \
    test -z "$left"
done
mkdir -p "$tmp/e/usr/local/bin" && touch "$tmp/e/usr/local/bin/theirs"
$MAKE install DESTDIR="$tmp/e" > /dev/null && $MAKE install DESTDIR="$tmp/e" > /dev/null \
  && $MAKE uninstall DESTDIR="$tmp/e" > /dev/null
left=$(cd "$tmp/e" && find . -mindepth 1 | sort | tr '\n' ' ')
check "make uninstall (twice installed) keeps what was there before: $left" \
  test "$left" = "./usr ./usr/local ./usr/local/bin ./usr/local/bin/theirs "

# 4. a distribution's flags, appended: the build of a Debian package
if command -v dpkg-buildflags > /dev/null; then
  cppflags=$(dpkg-buildflags --get CPPFLAGS); cflags=$(dpkg-buildflags --get CFLAGS)
  ldflags=$(dpkg-buildflags --get LDFLAGS)
else
  cppflags="-Wdate-time -D_FORTIFY_SOURCE=2"; cflags="-g -O2 -fstack-protector-strong"
  ldflags="-Wl,-z,relro"
fi
env -u WERROR $MAKE -j2 O="$tmp/deb" CPPFLAGS="$cppflags" CFLAGS="$cflags" LDFLAGS="$ldflags" \
  "$tmp/deb/bin/lgsim" "$tmp/deb/lib/liblgrepro.a" > "$tmp/deb.log" 2>&1
check "make CPPFLAGS='$cppflags' CFLAGS=... LDFLAGS=... builds lgsim and the library" \
  test $? -eq 0 -a -x "$tmp/deb/bin/lgsim"
warn=$(grep -E 'warning:|error:' "$tmp/deb.log" | head -3)
check "... without a warning ${warn:+($warn)}" test -z "$warn"
check "... with the package's flags and the user's, in that order" \
  grep -q -- "-Isrc .*$cppflags .*$cflags" "$tmp/deb/flags.txt"
check "... and without -Werror, which is the developers'" \
  sh -c "! grep -qE -- '-Werror( |\$)' '$tmp/deb/flags.txt'"
"$tmp/deb/bin/lgsim" run pendulum3d lgvi-exp --T 0.1 -o "$tmp/deb.csv"
check "... and the lgsim it builds runs" test $? -eq 0 -a -s "$tmp/deb.csv"

if [ "$fails" -eq 0 ]; then echo "install: all checks passed"; exit 0; fi
echo "install: $fails checks failed"; exit 1
