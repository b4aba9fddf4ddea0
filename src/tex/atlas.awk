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
  dr[n] = $15; un[n] = $16
}
# "energy 1.6e-14; Lvert 2.0e-15" -> "energy $1.6\times10^{-14}$, Lvert ..."
function inv(s,    out, k, m, p, w, v, e) {
  if (s == "-") return "--"
  m = split(s, p, "; ")
  out = ""
  for (k = 1; k <= m; k++) {
    w = p[k]; v = w; sub(/ [^ ]*$/, "", w); sub(/.* /, "", v)
    e = v; sub(/.*e/, "", e); sub(/e.*/, "", v)
    out = out (k > 1 ? ", " : "") tex(w) " $" v "\\times10^{" (e + 0) "}$"
  }
  return out
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
  print "\\begin{longtable}{@{}>{\\raggedright}p{2.6cm} >{\\raggedright}p{3.3cm}" \
        " >{\\raggedright}p{2.7cm} >{\\raggedright}p{2.7cm} r r@{}}"
  print "\\caption{The scheme atlas, part 2: what each scheme keeps, measured over 10\\,s" \
        " on its family's home model at $h=0.01$ (largest deviation of each first integral," \
        " largest size of each residual, in SI units; kept: at most $10^{-9}$; bounded:" \
        " its largest over 10\\,s at most $\\sqrt2$ times that over 5\\,s), and what a step" \
        " costs.}\\label{tab:atlas-cost}\\\\"
  h2 = "\\toprule scheme & kept to round-off & bounded & drifts & Newton & instr." \
       "\\tabularnewline & & & & it./step & per step\\tabularnewline\\midrule"
  print h2 "\\endfirsthead"
  print "\\caption[]{The scheme atlas, part 2 (continued).}\\\\"
  print h2 "\\endhead"
  for (i = 1; i <= n; i++) {
    d = inv(dr[i])
    if (un[i] != "-" && un[i] != "") d = d "; \\textbf{derived as kept: " tex(un[i]) "}"
    printf "\\texttt{%s/\\allowbreak %s} & %s & %s & %s & %s & %s\\tabularnewline\n",
           tex(fam[i]), tex(nam[i]), inv(ex[i]), inv(ap[i]), d, num(it[i]), num(ins[i])
  }
  print "\\bottomrule\\end{longtable}}"
}
