# atlas.awk: data/cmp-atlas.dat -> build/report/atlas.tex, the two tables of the atlas.
BEGIN { FS = "\t" }
function tex(s) {
  gsub(/\\/, "\\textbackslash{}", s)
  gsub(/[&%#_{}$]/, "\\\\&", s)
  gsub(/\^/, "\\textasciicircum{}", s)
  gsub(/~/, "\\textasciitilde{}", s)
  return s
}
function num(x) { return x == "nan" || x == "-nan" ? "fails" : x }
/^#/ { next }
{
  n++
  fam[n] = $1; nam[n] = $2; src[n] = $3; unk[n] = $4; ord[n] = $5; oid[n] = $6
  ex[n] = $7; ap[n] = $8; same[n] = $9; home[n] = $10; it[n] = $13; ins[n] = $14
}
END {
  print "{\\footnotesize\\setlength{\\tabcolsep}{4pt}"
  print "\\begin{longtable}{@{}l p{5.2cm} l c c l@{}}"
  print "\\caption{The scheme atlas, part 1: what each scheme is.  Order: derived, and" \
        " observed in the scheme's own chapter.}\\label{tab:atlas}\\\\"
  h1 = "\\toprule scheme & source (paper, equations) & unknowns & \\multicolumn{2}{c}{order}" \
       " & same map as\\\\ & & (Jacobian) & der. & obs. & \\\\\\midrule"
  print h1 "\\endfirsthead"
  print "\\caption[]{The scheme atlas, part 1 (continued).}\\\\"
  print h1 "\\endhead"
  for (i = 1; i <= n; i++) {
    o = ord[i] == 0 ? "--" : ord[i]
    ob = oid[i] == "-" ? "--" : "\\measured{" oid[i] "}"
    sm = same[i] == "-" ? "--" : "\\texttt{" tex(same[i]) "}"
    printf "\\texttt{%s/%s} & %s & %s & %s & %s & %s\\\\\n", tex(fam[i]), tex(nam[i]),
           tex(src[i]), tex(unk[i]), o, ob, sm
  }
  print "\\bottomrule\\end{longtable}"
  print "\\begin{longtable}{@{}l p{3.8cm} p{3.2cm} r r@{}}"
  print "\\caption{The scheme atlas, part 2: what each scheme keeps and what a step costs" \
        " on its family's home model at $h=0.01$.}\\label{tab:atlas-cost}\\\\"
  h2 = "\\toprule scheme & conserved exactly & conserved approx. & Newton & instructions" \
       "\\\\ & & & it./step & per step\\\\\\midrule"
  print h2 "\\endfirsthead"
  print "\\caption[]{The scheme atlas, part 2 (continued).}\\\\"
  print h2 "\\endhead"
  for (i = 1; i <= n; i++)
    printf "\\texttt{%s/%s} & %s & %s & %s & %s\\\\\n", tex(fam[i]), tex(nam[i]),
           tex(ex[i]), tex(ap[i]), num(it[i]), num(ins[i])
  print "\\bottomrule\\end{longtable}}"
}
