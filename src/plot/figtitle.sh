# figtitle.sh STEM...: one line per stem, the stem, a tab and the title of
# figures/STEM.pdf, made from the first line of src/plot/STEM.gp.
for s in "$@"; do
  f=src/plot/$s.gp
  d=$(sed -n "1s/^# $s\\.gp: \\(.*[^.]\\)\\.\$/\\1/p" "$f" 2> /dev/null)
  case $d in
    '' | *[\\\$%\&_#{}~^\`*\|\<\>]*)
      echo "figtitle.sh: $f: the first line must read '# $s.gp: description.', in plain text" >&2
      exit 1 ;;
  esac
  case $s in
    cmp-*) t="Comparison $s: $d" ;;
    *-fig[0-9][0-9]) n=${s##*-fig}; t="${s%-fig*} Fig. ${n#0}: $d" ;;
    *) echo "figtitle.sh: $s: a stem is KEY-figNN or cmp-TOPIC" >&2; exit 1 ;;
  esac
  printf '%s\t%s\n' "$s" "$t"
done
