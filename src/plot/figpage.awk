# figpage.awk: gnuplot's standalone LaTeX file with a title line above the
# picture; -v title=TEXT -v h=HEIGHT (big points of the title strip).
/\\usepackage\[papersize=/ {
  if (!match($0, /,[0-9.]+bp\}/)) { print "figpage.awk: no page height" > "/dev/stderr"; exit 1 }
  old = substr($0, RSTART, RLENGTH)
  new = sprintf(",%.2fbp}", substr(old, 2, length(old) - 4) + h)
  gsub(old, new) }
{ print }
/^\\begin\{document\}/ {
  printf "\\vbox to %.2fbp{\\vss\\hbox to \\linewidth{", h
  printf "\\hss\\footnotesize %s\\hss}\\vss}\\nointerlineskip\n", title }
