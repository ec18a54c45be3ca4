package lang

// Thompson's automaton of a pattern (the first step of pattern_dfa.go):
// each node has ε-moves and at most one move on a set of classes, and a
// counted repetition is unrolled into copies. A regular constraint reads
// words of one length only, its list's, so the nodes that no word of that
// length passes through are then marked dead (within): a part of the
// pattern that needs more values than the list has, or that comes after
// such a part, costs nothing in the steps that follow.

// patNFA is Thompson's automaton: each node has ε-moves and at most one
// move on a set of classes.
type patNFA struct {
	c    *patCompiler
	eps  [][]int32
	lab  [][]uint64 // nil: no labelled move
	to   []int32
	dead []bool // per node, set by within: no word of the length passes through it (nil: none is)
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

// within marks dead the nodes no word of exactly n values passes
// through from in to out: those whose fewest values from in plus fewest
// values on to out exceed n (a word of n values is at such a node after
// i values with i >= the first and n - i >= the second). ε-moves read no
// value, a labelled move one: the fewest are found by a breadth-first
// search that takes ε-moves first (0-1 BFS), forward from in and backward
// from out.
func (f *patNFA) within(in, out int32, n int) {
	nn := len(f.to)
	backEps := make([][]int32, nn) // backEps[t]: the nodes with an ε-move to t
	backLab := make([][]int32, nn) // and with a labelled move to t
	for s := range nn {
		for _, t := range f.eps[s] {
			backEps[t] = append(backEps[t], int32(s))
		}
		if f.lab[s] != nil {
			backLab[f.to[s]] = append(backLab[f.to[s]], int32(s))
		}
	}
	from := f.fewest(in, func(s int32, visit func(t int32, cost int)) {
		for _, t := range f.eps[s] {
			visit(t, 0)
		}
		if f.lab[s] != nil {
			visit(f.to[s], 1)
		}
	})
	to := f.fewest(out, func(t int32, visit func(s int32, cost int)) {
		for _, s := range backEps[t] {
			visit(s, 0)
		}
		for _, s := range backLab[t] {
			visit(s, 1)
		}
	})
	f.dead = make([]bool, nn)
	for s := range nn {
		f.dead[s] = from[s] < 0 || to[s] < 0 || from[s]+to[s] > n
	}
}

// fewest returns, for each node, the fewest values read on a way from
// src (by the moves next gives, each with its cost, 0 or 1), or -1 if
// there is none.
func (f *patNFA) fewest(src int32, next func(s int32, visit func(t int32, cost int))) []int {
	dist := make([]int, len(f.to))
	for i := range dist {
		dist[i] = -1
	}
	// A deque of nodes: cost-0 moves go to the front, cost-1 to the back.
	front, back := []int32{src}, []int32(nil)
	dist[src] = 0
	for len(front) > 0 || len(back) > 0 {
		var s int32
		if len(front) > 0 {
			s, front = front[len(front)-1], front[:len(front)-1]
		} else {
			s, back = back[0], back[1:]
		}
		next(s, func(t int32, cost int) {
			if d := dist[s] + cost; dist[t] < 0 || d < dist[t] {
				dist[t] = d
				if cost == 0 {
					front = append(front, t)
				} else {
					back = append(back, t)
				}
			}
		})
	}
	return dist
}
