# volume.awk: the filter that makes one volume of the woven chapters, between
# noweb's markup and its TeX back end: -v volume=report or volume=program.
# noweave ignores a filter's exit status, so an error also goes into the
# woven text, where it stops LaTeX.
function fatal(msg) {
  print "volume.awk: " msg > "/dev/stderr"
  print "@text \\errmessage{volume.awk: " msg "}"
  failed = 2; exit 2
}
BEGIN {
  if (volume != "report" && volume != "program") {
    fatal("volume must be report or program, not '" volume "'")
  }
}
{ line[++n] = $0 }
END {
  if (n == 0 || failed) exit failed
  # Pass 1: number every heading as LaTeX will, find the section each line
  # belongs to and read the markers.
  chap = 0; sec = 0; summary = 0; block = ""; incode = 0; inquote = 0
  for (i = 1; i <= n; i++) {
    l = line[i]
    if (l ~ /^@file /) { sec = 0; ssec = 0; summary = 0 }
    if (l ~ /^@text \\chapter\{/) {
      chap++; sec = 0; ssec = 0; summary = 0; head[i] = chap; kind[i] = "chapter"
    } else if (l ~ /^@text \\section\{/) {
      sec++; ssec = 0; head[i] = chap "." sec; kind[i] = "section"; omit[head[i]] = summary
    } else if (l ~ /^@text \\subsection\{/ && sec)
      ssec++
    where[i] = sec ? chap "." sec : chap; chapof[i] = chap
    subof[i] = ssec ? where[i] "." ssec : ""
    if (l ~ /^@begin code/) incode = 1
    if (l ~ /^@quote/) inquote = 1
    code[i] = incode
    if (l ~ /^@end code/) incode = 0
    if (l ~ /^@endquote/) inquote = 0
    if (l !~ /^@text %report: / || incode || inquote) { inblock[i] = block; continue }
    m = substr(l, 16); marker[i] = 1
    if (m == "summary" && !sec) summary = 1
    else if (m == "program-only" && !sec) progonly[chap] = 1
    else if (m == "omit" && ssec) omit[subof[i]] = 1
    else if (m == "omit" && sec) omit[where[i]] = 1
    else if (m == "keep" && sec) omit[where[i]] = 0
    else if ((m == "begin-omit" || m == "begin-only") && block == "") block = m
    else if (m == "end-omit" && block == "begin-omit" || m == "end-only" && block == "begin-only") block = ""
    else {
      fatal("line " i " of the pipeline: misplaced marker '%report: " m "'")
    }
  }
  if (block != "") fatal("'%report: " block "' is never closed")
  # Pass 2: decide which lines go, and note the sections that lost any.
  for (i = 1; i <= n; i++) {
    if (marker[i]) { drop[i] = 1; if (line[i + 1] == "@nl") drop[i + 1] = 1; continue }
    if (volume == "program") { drop[i] = inblock[i] == "begin-only"; continue }
    drop[i] = code[i] || omit[where[i]] || omit[subof[i]] || inblock[i] == "begin-omit" \
              || progonly[chapof[i]]
    if (!drop[i] || inblock[i] == "begin-omit") continue
    lost[chapof[i]] = 1; lost[where[i]] = 1
    if (!code[i] && match(line[i], /\\label\{[^}]*\}/))
      label[i] = substr(line[i], RSTART + 7, RLENGTH - 8)
  }
  # Pass 3: write the volume.
  for (i = 1; i <= n; i++) {
    if (!drop[i]) print line[i]
    if (label[i] != "")
      print "@text \\lgproglabel{" label[i] "}{" where[i] "}"
    if ((i in head) && kind[i] == "chapter" && drop[i] && volume == "report")
      print "@text \\stepcounter{chapter}"
    if (!(i in head) || drop[i]) continue
    if (volume == "program")
      print "@text \\lgcheck" kind[i] "{" head[i] "}"
    else if (lost[head[i]])
      print "@text \\lgprogram" kind[i] "{" head[i] "}"
  }
}
