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
		if vi.wide != 0 {
			// A wide domain: what is gone as intervals, all charged to
			// cons (the shared propagators that tell causes apart are
			// for bit sets), and the shadow brought up to date.
			d := &sh.wide[vi.wide-1]
			gone := ivsMinus(d.intervals(nil), t.intervals(nil, x))
			for _, iv := range gone {
				tr.prunes = append(tr.prunes, prune{x: x, lo: iv.Lo, hi: iv.Hi, cons: cons})
			}
			if len(gone) > 0 {
				w := t.wideOf(x)
				d.min, d.max, d.size = w.min, w.max, w.size
				d.holes, d.pre = append(d.holes[:0], w.holes...), append(d.pre[:0], w.pre...)
			}
			continue
		}
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
				tr.prunes = append(tr.prunes, prune{x: x, lo: v, hi: v, cons: c})
				*w &^= 1 << (o & 63)
			}
		}
	}
}

// traceAttributed reports the removals of the node at depth (0: the
// root) by variable, then by constraint in the order they acted, leaving
// out what the decision dec removed itself.
func (s *Solver) traceAttributed(depth int, dec decision) {
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
		if !(y == dec.x && dec.op == DecideEq) {
			s.emitPrunes(depth, ps[i:j], dec)
		}
		if s.tr == nil {
			return
		}
		i = j
	}
}

// emitPrunes reports the removals from one variable, one event per
// constraint, in the order the constraints first acted on it.
func (s *Solver) emitPrunes(depth int, ps []prune, dec decision) {
	done := 0
	for done < len(ps) {
		c := ps[done].cons
		rm := s.tr.ranges[:0]
		for k := done; k < len(ps); k++ {
			if p := ps[k]; p.cons == c && p.cons != -2 {
				rm = append(rm, Interval{p.lo, p.hi})
				ps[k].cons = -2 // reported
			}
		}
		for done < len(ps) && ps[done].cons == -2 {
			done++
		}
		slices.SortFunc(rm, func(a, b Interval) int { return cmpInt(a.Lo, b.Lo) })
		rm = mergeRuns(rm)
		if ps[0].x == dec.x {
			rm = ivsMinus(rm, dec.removes())
		}
		s.tr.ranges = rm
		if len(rm) == 0 {
			continue
		}
		s.emitPrune(depth, ps[0].x, rm, c, c == -1)
		if s.tr == nil {
			return
		}
	}
}

// mergeRuns merges, in place, the sorted intervals of rm that touch.
func mergeRuns(rm []Interval) []Interval {
	out := rm[:0]
	for _, iv := range rm {
		if n := len(out); n > 0 && out[n-1].Hi < iv.Lo && out[n-1].Hi+1 == iv.Lo {
			out[n-1].Hi = iv.Hi
			continue
		}
		out = append(out, iv)
	}
	return out
}
