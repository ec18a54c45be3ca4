package lang

import (
	"encoding/binary"
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
// with ε-moves (counted repetitions unrolled), the subset construction
// from the start state's ε-closure, removal of the states from which no
// accepting state can be reached (their transitions become "reject"), and
// Moore's partition refinement to merge equivalent states.

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

// compilePattern parses a pattern and builds its minimal automaton.
func compilePattern(src string) (*patDFA, *patError) {
	root, err := parsePattern(src)
	if err != nil {
		return nil, err
	}
	c := &patCompiler{}
	c.classes(root)
	f := &patNFA{c: c}
	in, out, ok := f.build(root)
	if !ok {
		return nil, &patError{0, len(src), fmt.Sprintf("pattern too large: its repetitions unroll to more than %d automaton nodes", maxPatternNodes)}
	}
	d, ok := f.determinise(in, out)
	if !ok {
		return nil, &patError{0, len(src), fmt.Sprintf("pattern too large: its automaton has more than %d states", maxPatternStates)}
	}
	d.trim()
	d.minimise()
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

// patNFA is Thompson's automaton: each node has ε-moves and at most one
// move on a set of classes.
type patNFA struct {
	c   *patCompiler
	eps [][]int32
	lab [][]uint64 // nil: no labelled move
	to  []int32
}

func (f *patNFA) node() (int32, bool) {
	if len(f.to) >= maxPatternNodes {
		return 0, false
	}
	f.eps = append(f.eps, nil)
	f.lab = append(f.lab, nil)
	f.to = append(f.to, -1)
	return int32(len(f.to) - 1), true
}

func (f *patNFA) link(a, b int32) { f.eps[a] = append(f.eps[a], b) }

// build adds the nodes of n and returns its entry and exit; false when
// the automaton grows past its limit.
func (f *patNFA) build(n *patNode) (int32, int32, bool) {
	switch n.kind {
	case patAtom:
		in, ok1 := f.node()
		out, ok2 := f.node()
		f.lab[in], f.to[in] = f.c.label(n), out
		return in, out, ok1 && ok2
	case patCat:
		in, out, ok := f.build(n.kids[0])
		for _, k := range n.kids[1:] {
			a, b, okk := f.build(k)
			if !ok || !okk {
				return 0, 0, false
			}
			f.link(out, a)
			out = b
		}
		return in, out, ok
	case patAlt:
		in, ok1 := f.node()
		out, ok2 := f.node()
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		for _, k := range n.kids {
			a, b, ok := f.build(k)
			if !ok {
				return 0, 0, false
			}
			f.link(in, a)
			f.link(b, out)
		}
		return in, out, true
	}
	return f.repeat(n.kids[0], n.min, n.max)
}

// repeat builds k repeated min..max times (max < 0: any number more):
// min copies in a row, then max-min optional copies, or one starred.
func (f *patNFA) repeat(k *patNode, lo, hi int) (int32, int32, bool) {
	in, ok := f.node()
	if !ok {
		return 0, 0, false
	}
	out := in
	for range lo {
		a, b, ok := f.build(k)
		if !ok {
			return 0, 0, false
		}
		f.link(out, a)
		out = b
	}
	if hi < 0 {
		a, b, ok := f.build(k)
		end, okEnd := f.node()
		if !ok || !okEnd {
			return 0, 0, false
		}
		f.link(out, a)
		f.link(b, a)
		f.link(b, end)
		f.link(out, end)
		return in, end, true
	}
	for range hi - lo {
		a, b, ok := f.build(k)
		end, okEnd := f.node()
		if !ok || !okEnd {
			return 0, 0, false
		}
		f.link(out, a)
		f.link(out, end)
		f.link(b, end)
		out = end
	}
	return in, out, true
}

// determinise is the subset construction; false past maxPatternStates.
func (f *patNFA) determinise(in, final int32) (*patDFA, bool) {
	nc := len(f.c.bounds) + 1
	d := &patDFA{bounds: f.c.bounds, nc: nc}
	seen := make([]uint32, len(f.to))
	stamp := uint32(0)
	var stack []int32
	closure := func(set []int32) []int32 {
		stamp++
		stack = append(stack[:0], set...)
		set = set[:0]
		for _, s := range stack {
			seen[s] = stamp
		}
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			set = append(set, s)
			for _, t := range f.eps[s] {
				if seen[t] != stamp {
					seen[t] = stamp
					stack = append(stack, t)
				}
			}
		}
		slices.Sort(set)
		return set
	}
	ids := map[string]int32{}
	var sets [][]int32
	var key []byte
	add := func(set []int32) (int32, bool) {
		key = key[:0]
		for _, s := range set {
			key = binary.LittleEndian.AppendUint32(key, uint32(s))
		}
		if id, ok := ids[string(key)]; ok {
			return id, true
		}
		if len(sets) >= maxPatternStates {
			return 0, false
		}
		id := int32(len(sets))
		ids[string(key)] = id
		sets = append(sets, set)
		d.accept = append(d.accept, slices.Contains(set, final))
		d.next = append(d.next, make([]int32, nc)...)
		return id, true
	}
	d.start, _ = add(closure([]int32{in}))
	var move []int32
	for q := 0; q < len(sets); q++ {
		for c := range nc {
			move = move[:0]
			for _, s := range sets[q] {
				if l := f.lab[s]; l != nil && l[c>>6]&(1<<(c&63)) != 0 {
					move = append(move, f.to[s])
				}
			}
			if len(move) == 0 {
				d.next[q*nc+c] = -1
				continue
			}
			r, ok := add(closure(slices.Clone(move)))
			if !ok {
				return nil, false
			}
			d.next[q*nc+c] = r
		}
	}
	return d, true
}

// trim makes every move into a state that cannot reach acceptance a
// rejection, and drops those states (the start state stays).
func (d *patDFA) trim() {
	nq, nc := len(d.accept), d.nc
	good := slices.Clone(d.accept)
	for changed := true; changed; {
		changed = false
		for q := range nq {
			if good[q] {
				continue
			}
			for _, r := range d.next[q*nc : q*nc+nc] {
				if r >= 0 && good[r] {
					good[q], changed = true, true
					break
				}
			}
		}
	}
	good[d.start] = true
	d.keep(good)
}

// keep renumbers the states to those marked, moves to others rejecting.
func (d *patDFA) keep(good []bool) {
	nc := d.nc
	id := make([]int32, len(good))
	n := int32(0)
	for q, ok := range good {
		id[q] = -1
		if ok {
			id[q] = n
			n++
		}
	}
	next := make([]int32, 0, int(n)*nc)
	accept := make([]bool, 0, n)
	for q, ok := range good {
		if !ok {
			continue
		}
		for _, r := range d.next[q*nc : q*nc+nc] {
			if r >= 0 {
				r = id[r]
			}
			next = append(next, r)
		}
		accept = append(accept, d.accept[q])
	}
	d.next, d.accept, d.start = next, accept, id[d.start]
}

// minimiseBudget bounds the work of minimisation (states × classes per
// round, summed); past it the automaton is kept as it is, which is only
// larger, not wrong.
const minimiseBudget = 1 << 25

// minimise merges equivalent states by Moore's refinement: start from
// accepting / not accepting, split blocks by the blocks their moves lead
// to, until no block splits.
func (d *patDFA) minimise() {
	nq, nc := len(d.accept), d.nc
	block := make([]int32, nq)
	blocks := 0
	for q, a := range d.accept {
		if a {
			block[q] = 1
		}
	}
	if slices.Contains(d.accept, true) {
		blocks++
	}
	if slices.Contains(d.accept, false) {
		blocks++
	}
	work := 0
	sig := make([]byte, 0, 4*(nc+1))
	next := make([]int32, nq)
	for {
		if work += nq * nc; work > minimiseBudget {
			return
		}
		ids := map[string]int32{}
		for q := range nq {
			sig = binary.LittleEndian.AppendUint32(sig[:0], uint32(block[q]))
			for _, r := range d.next[q*nc : q*nc+nc] {
				b := int32(-1)
				if r >= 0 {
					b = block[r]
				}
				sig = binary.LittleEndian.AppendUint32(sig, uint32(b))
			}
			id, ok := ids[string(sig)]
			if !ok {
				id = int32(len(ids))
				ids[string(sig)] = id
			}
			next[q] = id
		}
		block, next = next, block
		if len(ids) == blocks {
			break
		}
		blocks = len(ids)
	}
	if blocks == nq {
		return
	}
	first := make([]int32, blocks) // a state of each block
	for q := nq - 1; q >= 0; q-- {
		first[block[q]] = int32(q)
	}
	out := make([]int32, blocks*nc)
	accept := make([]bool, blocks)
	for b, q := range first {
		for c, r := range d.next[int(q)*nc : int(q)*nc+nc] {
			if r >= 0 {
				r = block[r]
			}
			out[b*nc+c] = r
		}
		accept[b] = d.accept[q]
	}
	d.next, d.accept, d.start = out, accept, block[d.start]
}
