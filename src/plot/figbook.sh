# figbook.sh DIR H STEM...: one LaTeX document whose page N is the
# standalone figure of the N-th stem: the picture gnuplot drew into
# DIR/STEM/STEM.tex (its body extracted into DIR/STEM/body.tex), on a page
# of the picture's size made H big points taller, with the figure's title
# centred in that strip above the picture.
set -e
dir=$1 h=$2
shift 2
pre() { sed -n '/^\\usepackage\[papersize=/d; /^\\begin{document}/q; p' "$dir/$1/$1.tex"; }
size() { sed -n 's/^\\usepackage\[papersize={\([0-9.]*\)bp,\([0-9.]*\)bp}.*/\1 \2/p' "$dir/$1/$1.tex"; }
titles=$(sh src/plot/figtitle.sh "$@")
p0=$(pre "$1" | cksum)
for s in "$@"; do
  [ "$(pre "$s" | cksum)" = "$p0" ] \
    || { echo "figbook.sh: $dir/$s/$s.tex: its preamble differs from $dir/$1/$1.tex" >&2; exit 1; }
  [ -n "$(size "$s")" ] || { echo "figbook.sh: $dir/$s/$s.tex: no page size" >&2; exit 1; }
done
pre "$1"
cat << EOF
\\makeatletter
\\let\\lgrawgraphics\\includegraphics
\\hoffset=-1in \\voffset=-1in
% \\lgfigpage{W}{H}{TITLE}{STEM}: a page W by H + $h big points
\\newcommand\\lgfigpage[4]{%
  \\setbox\\z@\\vbox{\\hsize=#1bp \\linewidth=\\hsize \\parindent=\\z@
    \\vbox to ${h}bp{\\vss\\hbox to \\linewidth{\\hss\\footnotesize #3\\hss}\\vss}\\nointerlineskip
    \\input{$dir/#4/body.tex}\\par}%
  \\pdfpagewidth=#1bp \\pdfpageheight=\\dimexpr #2bp+${h}bp\\relax
  \\shipout\\box\\z@}
\\makeatother
\\begin{document}
EOF
tab=$(printf '\t')
printf '%s\n' "$titles" | while IFS=$tab read -r s t; do
  set -- $(size "$s")
  printf '\\lgfigpage{%s}{%s}{%s}{%s}\n' "$1" "$2" "$t" "$s"
done
# the pages are shipped out one by one: end without LaTeX's closing page
printf '\\makeatletter\\@@end\n'
