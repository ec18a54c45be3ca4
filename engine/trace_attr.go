package engine

import "slices"

// Attributing removals to constraints, for --trace=domains: which
// propagator removed each value at a node. The solver calls
// traceDecided once the node's decision is applied, and traceRan after
// each propagator with the variables it may have changed; both cost
// nothing unless a tracer asked for domains.

// traceDecided starts the attribution of a node's propagation: the
// domains now are those the decision left.
func (s *Solver) traceDecided() {
	tr := s.tr
	if tr == nil || !tr.Domains {
		return
	}
	tr.attributing = true
	tr.shadow = s.copyDomains(tr.shadow)
	tr.prunes = tr.prunes[:0]
}

// causer is a propagator shared by several constraints, which can tell
// which of them forbids value v of variable x.
type causer interface {
	causeOf(t *store, x int32, v int64) int32
}

// traceRan records the values that propagator p, of constraint cons
// (-1: the objective's bound), removed from vars since the last call.
func (s *Solver) traceRan(cons int32, vars []int32, p any) {
	tr := s.tr
	if tr == nil || !tr.attributing {
		return
	}
	t := &s.st
	for _, x := range vars {
		if x >= s.n {
			continue // hidden: no trace shows it
		}
		vi := &t.vi[x]
		sh := &tr.shadow
		mn, mx := sh.cell[3*x+cMin], sh.cell[3*x+cMax]
		for o := mn; o <= mx; o++ {
			w := &sh.words[vi.at(o>>6)]
			if *w&(1<<(o&63)) == 0 {
				continue
			}
			if v := vi.lo + int64(o); !t.contains(x, v) {
				c := cons
				if cp, ok := p.(causer); ok {
					c = cp.causeOf(t, x, v)
				}
				tr.prunes = append(tr.prunes, prune{x: x, v: v, cons: c})
				*w &^= 1 << (o & 63)
			}
		}
	}
}

// traceAttributed reports the removals of the node at depth (0: the
// root) by variable, then by constraint in the order they acted, leaving
// out what the decision x = v (eq) or x != v removed itself.
func (s *Solver) traceAttributed(depth int, x int32, v int64, eq bool) {
	tr := s.tr
	tr.attributing = false
	ps := tr.prunes
	slices.SortStableFunc(ps, func(a, b prune) int { return int(a.x) - int(b.x) })
	for i := 0; i < len(ps); {
		y := ps[i].x
		j := i
		for j < len(ps) && ps[j].x == y {
			j++
		}
		if !(y == x && eq) {
			s.emitPrunes(depth, ps[i:j], x, v)
		}
		if s.tr == nil {
			return
		}
		i = j
	}
}

// emitPrunes reports the removals from one variable, one event per
// constraint, in the order the constraints first acted on it.
func (s *Solver) emitPrunes(depth int, ps []prune, x int32, v int64) {
	done := 0
	for done < len(ps) {
		c := ps[done].cons
		rm := s.tr.removed[:0]
		for k := done; k < len(ps); k++ {
			if p := ps[k]; p.cons == c && p.cons != -2 {
				if p.x != x || p.v != v {
					rm = append(rm, p.v)
				}
				ps[k].cons = -2 // reported
			}
		}
		for done < len(ps) && ps[done].cons == -2 {
			done++
		}
		s.tr.removed = rm
		if len(rm) == 0 {
			continue
		}
		slices.Sort(rm)
		s.emit(TraceEvent{Kind: TracePrune, Depth: depth, Var: Var(ps[0].x), Values: rm, Constraint: int(c), Objective: c == -1})
		if s.tr == nil {
			return
		}
	}
}
