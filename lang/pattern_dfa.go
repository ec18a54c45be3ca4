package lang

import (
	"fmt"
	"slices"
	"sort"
)

// From a parsed pattern to a minimal deterministic automaton.
//
// The automaton reads classes of values, not values: the ends of every
// range in the pattern cut the integers into intervals, and two values in
// the same interval are matched by exactly the same atoms. So "." and
// [^1] cost one class for all the values the pattern does not name, and
// the automaton does not depend on the list's domains; global_regular.go
// spreads it over the values the list can take.
//
// The steps are the textbook ones: Thompson's construction of an NFA
// with ε-moves, counted repetitions unrolled (pattern_nfa.go), less the
// nodes no word of the list's length passes through; the subset
// construction from the start state's ε-closure, bounded by steps and
// bytes (pattern_subset.go); and Hopcroft's partition refinement, which
// merges equivalent states and drops those from which no accepting state
// can be reached, their moves becoming "reject" (pattern_minimise.go).
// The limit on states, maxPatternStates, is on the minimal automaton.

// patDFA is a deterministic automaton over classes of values. Class j
// holds the values v with bounds[j-1] <= v < bounds[j], class 0 those
// below bounds[0] and the last class those from the last bound up.
type patDFA struct {
	bounds []int64
	nc     int     // number of classes: len(bounds)+1
	next   []int32 // next[q*nc+c]: the state after class c in q, -1: reject
	start  int32
	accept []bool
}

// classOf returns the class of value v.
func (d *patDFA) classOf(v int64) int {
	return sort.Search(len(d.bounds), func(i int) bool { return d.bounds[i] > v })
}

// live reports whether some state moves on class c.
func (d *patDFA) live(c int) bool {
	for q := range d.accept {
		if d.next[q*d.nc+c] >= 0 {
			return true
		}
	}
	return false
}

// patBuild says what building a pattern's automaton may rely on.
type patBuild struct {
	// length is the length of the words that matter, the list's; -1
	// for all.
	length int
	// poll is asked every patPollEvery steps; a non-empty answer (why
	// compiling stops: Ctrl-C, --timeout, --max-memory) stops the build.
	poll func() string
}

// compilePattern parses a pattern and builds its minimal automaton. Only
// the words of the given length are certain to be read right when
// b.length >= 0: the parts of the pattern no such word can use are left
// out first. An error with limit set is a stop asked by poll, not a
// mistake of the pattern.
func compilePattern(src string, b patBuild) (*patDFA, *patError) {
	root, err := parsePattern(src)
	if err != nil {
		return nil, err
	}
	c := &patCompiler{}
	c.classes(root)
	f := &patNFA{c: c}
	in, out, ok := f.build(root)
	if !ok {
		return nil, &patError{0, len(src), fmt.Sprintf("pattern too large: its repetitions unroll to more than %d automaton nodes", maxPatternNodes), false}
	}
	if b.length >= 0 {
		f.within(in, out, b.length)
	}
	m := &patMeter{poll: b.poll, nextPoll: patPollEvery}
	d, err := f.determinise(in, out, m)
	if err == nil && !d.minimise(m) {
		err = m.tooLarge(len(d.accept), 0, false)
	}
	if err != nil {
		err.off, err.end = 0, len(src)
		return nil, err
	}
	if len(d.accept) > maxPatternStates {
		return nil, &patError{0, len(src), fmt.Sprintf("pattern too large: its minimal automaton has %d states, more than %d", len(d.accept), maxPatternStates), false}
	}
	return d, nil
}

// patCompiler numbers the classes of a pattern and labels its atoms.
type patCompiler struct {
	bounds []int64
	words  int                   // words of a label bit set
	labels map[*patNode][]uint64 // per atom: its classes
}

// classes collects the class bounds of the atoms below n.
func (c *patCompiler) classes(n *patNode) {
	var walk func(n *patNode)
	walk = func(n *patNode) {
		for _, r := range n.set {
			c.bounds = append(c.bounds, r.lo)
			if v, ok := patNext(r.hi); ok {
				c.bounds = append(c.bounds, v)
			}
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(n)
	slices.Sort(c.bounds)
	c.bounds = slices.Compact(c.bounds)
	c.words = (len(c.bounds) + 1 + 63) / 64
	c.labels = map[*patNode][]uint64{}
}

// label returns the bit set of the classes atom n matches.
func (c *patCompiler) label(n *patNode) []uint64 {
	if l, ok := c.labels[n]; ok {
		return l
	}
	nc := len(c.bounds) + 1
	l := make([]uint64, c.words)
	classOf := func(v int64) int {
		return sort.Search(len(c.bounds), func(i int) bool { return c.bounds[i] > v })
	}
	for _, r := range n.set {
		for k := classOf(r.lo); k <= classOf(r.hi); k++ {
			l[k>>6] |= 1 << (k & 63)
		}
	}
	if n.neg {
		for k := range nc {
			l[k>>6] ^= 1 << (k & 63)
		}
	}
	c.labels[n] = l
	return l
}
