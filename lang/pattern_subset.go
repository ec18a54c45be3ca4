package lang

import (
	"fmt"
	"slices"
)

// The subset construction (the second step of pattern_dfa.go): each state
// of the deterministic automaton is the set of Thompson nodes a word can
// reach. A state is kept as its important nodes only, those with a
// labelled move and the accepting node: two sets with the same important
// nodes move and accept alike, so they are one state.
//
// Its cost is not bounded by the minimal automaton's size: a state can
// hold many nodes (after .* every copy of a repeated group that ends in
// .* stays reachable, so "(.* 1){1000}" has states of up to a thousand
// copies each), and many states can merge into few when minimised. So it
// is bounded by itself: by steps (nodes and moves visited, a stand-in for
// time that gives the same answer on every machine) and by the bytes of
// its sets and table; and it polls the compile limits (Ctrl-C, --timeout,
// --max-memory) every patPollEvery steps.

// Bounds on building a pattern's automaton, before minimisation.
// Variables, so that tests can reach them cheaply.
var (
	maxPatternSteps int64 = 1 << 25 // nodes and moves visited, minimisation included
	maxPatternBytes int64 = 1 << 26 // the states' node sets, the table, the index
)

// patPollEvery is how many steps pass between two polls of the limits:
// tens of microseconds.
const patPollEvery = 1 << 14

// patMeter counts the steps of a build and polls the compile limits.
type patMeter struct {
	steps, nextPoll int64
	poll            func() string // "" to go on, or why compiling stops
	stop            string        // set once poll said to stop
}

// add counts n steps; false once the build must stop: poll said so (stop
// is set) or the steps passed maxPatternSteps.
func (m *patMeter) add(n int) bool {
	if m.steps += int64(n); m.steps < m.nextPoll {
		return true
	}
	m.nextPoll = m.steps + patPollEvery
	if m.poll != nil {
		if why := m.poll(); why != "" {
			m.stop = why
			return false
		}
	}
	return m.steps <= maxPatternSteps
}

// patSubsets is the subset construction under way.
type patSubsets struct {
	f      *patNFA
	m      *patMeter
	d      *patDFA
	final  int32
	nodes  []int32  // every state's important nodes, one after the other
	at     []int32  // state q's nodes: nodes[at[q]:at[q+1]]
	hashes []uint64 // per state
	index  []int32  // open addressing by hash: a state, or -1
	seen   []uint32 // per node: the stamp of the closure that reached it
	stamp  uint32
	stack  []int32
	widest int // the most nodes of a state
}

// determinise is the subset construction from the ε-closure of in; final
// is the accepting node. It fails with the reason when a bound or a limit
// stops it.
func (f *patNFA) determinise(in, final int32, m *patMeter) (*patDFA, *patError) {
	nc := len(f.c.bounds) + 1
	b := &patSubsets{f: f, m: m, final: final, d: &patDFA{bounds: f.c.bounds, nc: nc},
		at: []int32{0}, index: make([]int32, 64), seen: make([]uint32, len(f.to))}
	for i := range b.index {
		b.index[i] = -1
	}
	set := b.closure(nil, []int32{in})
	b.d.start, _ = b.add(set)
	moves := make([][]int32, nc)
	for q := 0; q < len(b.hashes); q++ {
		for c := range moves {
			moves[c] = moves[c][:0]
		}
		own := b.nodes[b.at[q]:b.at[q+1]]
		for _, s := range own {
			if l := f.lab[s]; l != nil && (f.dead == nil || !f.dead[f.to[s]]) {
				for c := range nc {
					if l[c>>6]&(1<<(c&63)) != 0 {
						moves[c] = append(moves[c], f.to[s])
					}
				}
			}
		}
		if !m.add(len(own) * (1 + nc/64)) {
			return nil, b.stopped()
		}
		row := b.d.next[q*nc : q*nc+nc]
		for c, mv := range moves {
			row[c] = -1
			if len(mv) == 0 {
				continue
			}
			set = b.closure(set[:0], mv)
			r, ok := b.add(set)
			if !ok {
				return nil, b.stopped()
			}
			row = b.d.next[q*nc : q*nc+nc] // add may have grown the table
			row[c] = r
		}
	}
	return b.d, nil
}

// closure appends to set the important nodes reachable from from by
// ε-moves (from included), sorted, leaving out dead nodes.
func (b *patSubsets) closure(set, from []int32) []int32 {
	f := b.f
	b.stamp++
	b.stack = b.stack[:0]
	for _, s := range from {
		if b.seen[s] != b.stamp && (f.dead == nil || !f.dead[s]) {
			b.seen[s] = b.stamp
			b.stack = append(b.stack, s)
		}
	}
	visited := 0
	for len(b.stack) > 0 {
		s := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		visited += 1 + len(f.eps[s])
		if f.lab[s] != nil || s == b.final {
			set = append(set, s)
		}
		for _, t := range f.eps[s] {
			if b.seen[t] != b.stamp && (f.dead == nil || !f.dead[t]) {
				b.seen[t] = b.stamp
				b.stack = append(b.stack, t)
			}
		}
	}
	b.m.add(visited) // a stop is seen at the state's next add
	slices.Sort(set)
	return set
}

// add returns the state of the set, made if new; false when a bound or a
// limit stops the construction.
func (b *patSubsets) add(set []int32) (int32, bool) {
	hash := uint64(len(set))
	for _, s := range set {
		hash = (hash ^ uint64(s)) * 0x9e3779b97f4a7c15
		hash ^= hash >> 29
	}
	mask := len(b.index) - 1
	i := int(hash) & mask
	for ; b.index[i] >= 0; i = (i + 1) & mask {
		q := b.index[i]
		if b.hashes[q] == hash && slices.Equal(b.nodes[b.at[q]:b.at[q+1]], set) {
			return q, true
		}
	}
	if b.m.stop != "" || b.m.steps > maxPatternSteps || b.bytes(len(set)) > maxPatternBytes {
		return 0, false
	}
	q := int32(len(b.hashes))
	b.index[i] = q
	b.hashes = append(b.hashes, hash)
	b.nodes = append(b.nodes, set...)
	b.at = append(b.at, int32(len(b.nodes)))
	b.widest = max(b.widest, len(set))
	b.d.accept = append(b.d.accept, slices.Contains(set, b.final))
	b.d.next = append(b.d.next, make([]int32, b.d.nc)...)
	if 2*len(b.hashes) > len(b.index) {
		b.grow()
	}
	return q, true
}

// bytes is what the construction holds with one more state of k nodes.
func (b *patSubsets) bytes(k int) int64 {
	n := int64(len(b.hashes) + 1)
	return 4*int64(len(b.nodes)+k) + 4*n*int64(b.d.nc) + (4+8+4)*n + 4*int64(len(b.index))
}

// grow doubles the index.
func (b *patSubsets) grow() {
	b.index = make([]int32, 2*len(b.index))
	for i := range b.index {
		b.index[i] = -1
	}
	mask := len(b.index) - 1
	for q, hash := range b.hashes {
		i := int(hash) & mask
		for b.index[i] >= 0 {
			i = (i + 1) & mask
		}
		b.index[i] = int32(q)
	}
}

// stopped is the error of a construction that a bound or a limit stopped.
func (b *patSubsets) stopped() *patError {
	memory := b.m.stop == "" && b.m.steps <= maxPatternSteps
	return b.m.tooLarge(len(b.hashes), b.widest, memory)
}

// tooLarge is the error of a build stopped by a limit (poll's answer) or
// by a bound: steps, or bytes if memory is set. states states are made,
// of up to widest nodes each (0: not told).
func (m *patMeter) tooLarge(states, widest int, memory bool) *patError {
	if m.stop != "" {
		return &patError{msg: m.stop, limit: true}
	}
	what := fmt.Sprintf("more than %d steps", maxPatternSteps)
	if memory {
		what = "more than " + SizeText(maxPatternBytes) + " of memory"
	}
	detail := fmt.Sprintf("%d states so far", states)
	if widest > 0 {
		detail += fmt.Sprintf(", each tracking up to %d places in the pattern", widest)
	}
	return &patError{msg: fmt.Sprintf("pattern too large: building its automaton takes %s (%s)", what, detail)}
}
