package engine

import (
	"cmp"
	"slices"
)

// Implied nooverlap. A schedule is often written with one disjunction per
// pair of tasks that share a machine, x + a <= y or y + b <= x, as
// MiniZinc's tutorial writes its job shop and bench/general/openshop.csp
// its open shop. Each disjunction alone narrows nothing until one of its
// sides is false; the tasks of a machine taken together are what edge
// finding reasons on (nooverlap_prop.go): an open shop of 4 x 4 tasks with
// a horizon of 2860 goes from more than a million nodes to 58 with the
// nooverlaps. So under PropAC, NewSolver finds the cliques of tasks that
// are pairwise disjoint this way and posts one nooverlap per clique of
// three tasks or more, beside the disjunctions it is implied by.
//
// A task's duration in the clique is the least of its durations in the
// clique's pairs (a setup time that depends on the pair makes them
// differ): with shorter durations the pairs still hold, so the nooverlap
// is still implied. Durations must be positive, the tasks variables.

// minClique is the smallest clique worth a nooverlap: a pair is its own
// disjunction.
const minClique = 3

// maxDisjPairs bounds the pairs read, and so the work of the search for
// cliques, on a model with very many disjunctions.
const maxDisjPairs = 1 << 20

// disjPair says x + dx <= y or y + dy <= x, from constraint cons.
type disjPair struct {
	x, y   int32
	dx, dy int64
	cons   int32
}

// taskClique is a set of tasks that pairwise do not overlap.
type taskClique struct {
	tasks []int32
	dur   []int64
	cons  int32 // the constraint its failures are charged to
}

// NoteDisjunction records that the model's constraints imply x + dx <= y
// or y + dy <= x, as constraint number cons does (a translation from
// another language, whose disjunctions are not expressions of this
// package, says so). NewSolver reads these pairs with the disjunctions it
// finds itself.
func (m *Model) NoteDisjunction(cons int, x Var, dx int64, y Var, dy int64) {
	m.disj = append(m.disj, disjPair{int32(x), int32(y), dx, dy, int32(cons)})
}

// NotedDisjunctions is the number of pairs NoteDisjunction recorded.
func (m *Model) NotedDisjunctions() int { return len(m.disj) }

// disjunctivePairs returns the model's pairwise disjunctions with positive
// durations, each pair once with x < y.
func disjunctivePairs(m *Model) []disjPair {
	var out []disjPair
	add := func(p disjPair) {
		if p.x == p.y || p.dx <= 0 || p.dy <= 0 || len(out) >= maxDisjPairs {
			return
		}
		if p.x > p.y {
			p.x, p.y, p.dx, p.dy = p.y, p.x, p.dy, p.dx
		}
		out = append(out, p)
	}
	for i, c := range m.Constraints() {
		if c.Kind != KindExpr {
			continue
		}
		if p, ok := disjunctionOf(c.Expr); ok {
			p.cons = int32(i)
			add(p)
		}
	}
	for _, p := range m.disj {
		add(p)
	}
	return out
}

// disjunctionOf reads e as x + dx <= y or y + dy <= x.
func disjunctionOf(e Expr) (disjPair, bool) {
	var a, b Expr
	switch e := e.(type) {
	case *Binary:
		if e.Op != OpOr {
			return disjPair{}, false
		}
		a, b = e.X, e.Y
	case *Nary:
		if e.Op != OpAny || len(e.Args) != 2 {
			return disjPair{}, false
		}
		a, b = e.Args[0], e.Args[1]
	default:
		return disjPair{}, false
	}
	x1, y1, d1, ok1 := precedenceGap(a)
	x2, y2, d2, ok2 := precedenceGap(b)
	if !ok1 || !ok2 || x1 != y2 || y1 != x2 {
		return disjPair{}, false
	}
	return disjPair{x: x1, y: y1, dx: d1, dy: d2}, true
}

// precedenceGap reads e as x + d <= y (or y >= x + d, < and > too, with
// constants on either side) and returns x, y and d.
func precedenceGap(e Expr) (x, y int32, d int64, ok bool) {
	r, isBin := e.(*Binary)
	if !isBin {
		return 0, 0, 0, false
	}
	lo, hi := r.X, r.Y
	strict := int64(0)
	switch r.Op {
	case OpLe:
	case OpLt:
		strict = 1
	case OpGe:
		lo, hi = hi, lo
	case OpGt:
		lo, hi, strict = hi, lo, 1
	default:
		return 0, 0, 0, false
	}
	x, cx, kx := simpleArg(lo)
	y, cy, ky := simpleArg(hi)
	if kx != argVar || ky != argVar || x == y {
		return 0, 0, 0, false
	}
	// x + cx + strict <= y + cy
	d, ok1 := SubInt(cx, cy)
	d, ok2 := AddInt(d, strict)
	return x, y, d, ok1 && ok2
}

// taskCliques covers the pairs with cliques, greedily: each pair not yet
// in a clique starts one, which takes in order every task disjoint from
// all its members.
func taskCliques(pairs []disjPair) []taskClique {
	if len(pairs) < minClique {
		return nil
	}
	type edge struct{ x, y int32 }
	dur := make(map[edge]int64, 2*len(pairs)) // dur[{x,y}]: x's duration against y
	cons := make(map[edge]int32, len(pairs))
	adj := map[int32][]int32{}
	for _, p := range pairs {
		e, r := edge{p.x, p.y}, edge{p.y, p.x}
		if d, seen := dur[e]; seen {
			dur[e], dur[r] = min(d, p.dx), min(dur[r], p.dy)
			continue
		}
		dur[e], dur[r] = p.dx, p.dy
		cons[e] = p.cons
		adj[p.x] = append(adj[p.x], p.y)
		adj[p.y] = append(adj[p.y], p.x)
	}
	for _, ns := range adj {
		slices.Sort(ns)
	}
	covered := map[edge]bool{}
	var out []taskClique
	for _, p := range pairs {
		if covered[edge{p.x, p.y}] {
			continue
		}
		members := []int32{p.x, p.y}
		for _, z := range adj[p.x] {
			if z == p.y {
				continue
			}
			all := true
			for _, w := range members {
				if _, ok := dur[edge{z, w}]; !ok {
					all = false
					break
				}
			}
			if all {
				members = append(members, z)
			}
		}
		if len(members) < minClique {
			continue
		}
		slices.Sort(members)
		c := taskClique{tasks: members, dur: make([]int64, len(members)), cons: cons[edge{p.x, p.y}]}
		for i, u := range members {
			c.dur[i] = -1
			for _, w := range members {
				if w == u {
					continue
				}
				covered[edge{min(u, w), max(u, w)}] = true
				if d := dur[edge{u, w}]; c.dur[i] < 0 || d < c.dur[i] {
					c.dur[i] = d
				}
			}
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b taskClique) int { return cmp.Compare(a.tasks[0], b.tasks[0]) })
	return out
}

// postImpliedNoOverlaps posts a nooverlap for each clique of m's
// disjunctions, its failures charged to one of them.
func (b *builder) postImpliedNoOverlaps(cliques []taskClique) error {
	m := b.s.m
	for _, c := range cliques {
		starts := make([]Expr, len(c.tasks))
		durs := make([]Expr, len(c.tasks))
		for i, x := range c.tasks {
			starts[i] = m.Ref(Var(x))
			durs[i] = &Const{V: c.dur[i]}
		}
		g, err := NewNoOverlap(starts, durs)
		if err != nil {
			return err
		}
		b.groupID = c.cons + 1
		b.group = b.group[:0]
		if err := b.postGlobal(g); err != nil {
			return err
		}
		if b.s.st.halted {
			return nil
		}
	}
	b.group = b.group[:0]
	return nil
}
