package engine

import (
	"fmt"
	"hash/fnv"
	"io"
	"math/rand"
	"testing"
)

// The propagation loop (schedule, fixpoint, failAC) decides in which
// order the propagators run. The fixpoint does not depend on it, but the
// search does: which propagator fails first is the constraint whose
// dom/wdeg weight grows, and a propagator woken twice instead of once
// counts two propagations. Making the loop cheaper must leave that order
// alone. This digest hashes, on random models of several classes under
// every setting, each node, each solution's values, the statistics and
// the dom/wdeg weights, and under PropAC which constraint removed which
// values (the tracer's attribution, which follows the propagators' runs), as the loop gave them at commit b97df37, before
// its bookkeeping was reworked.
//
// Flattening (flatten.go) adds propagators to the generic constraints
// under PropAC, which changes what they remove and so the digest: it is
// off here, so that the digest still pins the loop itself.
func TestACOrderUnchanged(t *testing.T) {
	const want uint64 = 0x5fd2ba68ac91f7f6
	defer func(f bool) { flattening = f }(flattening)
	flattening = false
	h := fnv.New64a()
	rng := rand.New(rand.NewSource(15))
	var models []*Model
	for range 150 {
		models = append(models, randomModel(rng).m, netModel(rng, true), diffNetModel(rng))
		m, _, _, _ := flatModel(rng, false)
		models = append(models, m)
	}
	for n := 4; n <= 12; n++ {
		m, _ := queens(t, n)
		models = append(models, m)
	}
	for _, m := range models {
		for _, o := range orderOptions() {
			hashACSearch(h, newSolver(t, m, o), 30)
			if o.Prop == PropAC {
				hashACPrunes(h, newSolver(t, m, o))
			}
		}
	}
	if got := h.Sum64(); got != want {
		t.Errorf("digest %#x, want %#x", got, want)
	}
}

// orderOptions lists every combination of order, values and propagation,
// ValuesAuto included.
func orderOptions() []Options {
	var out []Options
	for _, order := range []VarOrder{OrderMRV, OrderInput, OrderDomWdeg} {
		for _, values := range []ValueOrder{ValuesMin, ValuesMax, ValuesMid, ValuesAuto} {
			for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
				out = append(out, Options{Order: order, Values: values, Prop: prop})
			}
		}
	}
	return out
}

// hashACSearch writes s's search to h: each node, the values of each of
// its first limit solutions (or the optimum's improvements), the
// statistics and the weights, over its first 400 nodes or so.
func hashACSearch(h io.Writer, s *Solver, limit int) {
	nodes := 0
	s.trace = func(depth int, x Var, v int64, eq, ok bool) {
		io.WriteString(h, traceNode(depth, int(x), v, eq, ok))
		if nodes++; nodes == 400 {
			s.Stop() // deterministic: checked between nodes
		}
	}
	for k := 0; k < limit && s.Next() == Solution; k++ {
		for x := range s.n {
			fmt.Fprint(h, s.Value(Var(x)), " ")
		}
		fmt.Fprintln(h, s.Objective())
	}
	st := s.Stats()
	fmt.Fprintln(h, st.Nodes, st.Failures, st.Propagations, st.MaxDepth, st.MaxAssigned, s.weight)
}

// hashACPrunes writes to h the events of a traced search of s, over its
// first 400 nodes or so: the values each node's propagators removed,
// with the constraint that removed them.
func hashACPrunes(h io.Writer, s *Solver) {
	nodes := 0
	s.SetTracer(&Tracer{Domains: true, Event: func(e TraceEvent) bool {
		fmt.Fprintln(h, e.Kind, e.Depth, e.Var, e.Value, e.Eq, e.OK, e.Values, e.Constraint, e.Objective)
		if e.Kind == TraceNode {
			if nodes++; nodes == 400 {
				s.Stop()
			}
		}
		return true
	}})
	for k := 0; k < 30 && s.Next() == Solution; k++ {
	}
	st := s.Stats()
	fmt.Fprintln(h, st.Nodes, st.Failures, st.Propagations, s.weight)
}
