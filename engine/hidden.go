package engine

// Hidden variables: the store variables that flattening (flatten.go)
// adds after the model's, one per subexpression that needs a value of
// its own. They are numbered from Solver.n up; the search never branches
// on them, no solution, trace or statistic shows them, and each is a
// function of the model's variables (its defining propagator fixes it
// once they are fixed), so they change no solution count.

// maxHiddenWords bounds the domain words all hidden variables of one
// solver may take while domains are bit sets over their span: a
// subexpression whose hidden variable would pass it is not flattened.
const maxHiddenWords = 1 << 22

// addRange appends a store variable with domain lo..hi, whose span fits
// a domain (hi-lo < MaxDomainWidth), and returns it.
func (t *store) addRange(lo, hi int64) int32 {
	width := hi - lo + 1
	nw := int((width + 63) / 64)
	pattern := make([]uint64, nw)
	for i := range pattern {
		pattern[i] = ^uint64(0)
	}
	if r := width & 63; r != 0 {
		pattern[nw-1] = 1<<r - 1
	}
	base := len(t.words)
	t.words = append(t.words, pattern...)
	t.runs = append(t.runs, wordRun{base: base, count: 1, pattern: pattern})
	t.vi = append(t.vi, varInfo{lo: lo, width: uint64(width), woff: base, stride: 1})
	t.newCell(int32(width))
	t.newCell(0)
	t.newCell(int32(width - 1))
	return int32(len(t.vi) - 1)
}

// numVars returns the number of store variables, hidden ones included.
func (t *store) numVars() int32 { return int32(len(t.vi)) }

// hiddenFits reports whether a hidden variable spanning lo..hi can be
// added: its span fits a domain and the hidden words stay within
// maxHiddenWords.
func (b *builder) hiddenFits(lo, hi int64) bool {
	span, ok := SubInt(hi, lo)
	if !ok || span < 0 || span >= MaxDomainWidth {
		return false
	}
	return b.hiddenWords+int(span/64)+1 <= maxHiddenWords
}

// newHidden adds a hidden variable with domain lo..hi (hiddenFits must
// hold) and grows the builder's per-variable scratch with it.
func (b *builder) newHidden(lo, hi int64) int32 {
	b.hiddenWords += int((hi-lo)/64) + 1
	x := b.s.st.addRange(lo, hi)
	b.localOf = append(b.localOf, -1)
	b.groupMark = append(b.groupMark, 0)
	return x
}
