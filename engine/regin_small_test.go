package engine

import (
	"fmt"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// refRegin is a reginProp whose bit-set version runs refPropagateSmall,
// the implementation pruneSmall replaced (a Warshall closure, the edges
// removed one by one): the oracle the new one must match call for call.
type refRegin struct {
	*reginProp
	pruned *int // calls that removed a value
}

func (r refRegin) propagate(s *Solver) bool {
	t := &s.st
	before := t.changes
	var ok bool
	if r.small {
		ok = refPropagateSmall(r.reginProp, t)
	} else {
		ok = r.prune(t)
	}
	if t.changes != before {
		*r.pruned++
	}
	return ok
}

// withRefRegin swaps the solver's small Régin propagators for the
// reference and reports how many it swapped.
func withRefRegin(s *Solver, pruned *int) int {
	n := 0
	for i, p := range s.ac.props {
		if r, ok := p.(*reginProp); ok && r.small {
			s.ac.props[i] = refRegin{reginProp: r, pruned: pruned}
			n++
		}
	}
	return n
}

func refPropagateSmall(r *reginProp, t *store) bool {
	var matched, live uint64
	var cnt [65]uint8
	u := 0
	for i, x := range r.xs {
		c := 3 * x
		sz := t.cell[c+cSize]
		if sz == 1 {
			if mv := r.matchVal[i]; mv >= 0 {
				r.matchArg[mv], r.matchVal[i] = -1, -1
			}
			r.dom[i] = 0
			continue
		}
		u++
		cnt[sz]++
		d := t.window(x, r.win[i])
		r.dom[i] = d
		if mv := r.matchVal[i]; mv >= 0 {
			if d>>mv&1 == 0 {
				r.matchArg[mv], r.matchVal[i] = -1, -1
			} else {
				matched |= 1 << mv
			}
		}
	}
	if hallFree(&cnt, u) {
		return true
	}
	for i, d := range r.dom {
		if d == 0 || r.matchVal[i] >= 0 {
			continue
		}
		if f := d &^ matched; f != 0 {
			v := int32(bits.TrailingZeros64(f))
			r.matchArg[v], r.matchVal[i] = int32(i), v
			matched |= 1 << v
			continue
		}
		var seen, ignored uint64
		if !r.searchSmall(int32(i), &seen, &ignored) {
			return false
		}
		matched = 0
		for _, v := range r.matchVal {
			if v >= 0 {
				matched |= 1 << v
			}
		}
	}
	live = matched
	var union uint64
	for i, v := range r.matchVal {
		if v >= 0 {
			r.reach[v] = r.dom[i] &^ (1 << v)
			union |= r.dom[i]
		}
	}
	if closedReach(r.reach, live, union&^matched) {
		return true
	}
	for ks := live; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros64(ks)
		kb, rk := uint64(1)<<k, r.reach[k]
		for vs := live; vs != 0; vs &= vs - 1 {
			if v := bits.TrailingZeros64(vs); r.reach[v]&kb != 0 {
				r.reach[v] |= rk
			}
		}
	}
	free := ^matched
	for i, x := range r.xs {
		mv := r.matchVal[i]
		if mv < 0 {
			continue
		}
		target := free | 1<<mv
		for vs := r.dom[i] &^ free &^ (1 << mv); vs != 0; vs &= vs - 1 {
			v := bits.TrailingZeros64(vs)
			if r.reach[v]&target == 0 {
				if !t.remove(x, int64(v)+r.lo-r.off[i]) {
					return false
				}
			}
		}
	}
	return true
}

// runRegin searches m to the end under o, with the small Régin
// propagators swapped for the reference if ref is set, stopping every
// `every` nodes and resuming (0: never).
func runRegin(t *testing.T, m *Model, o Options, ref bool, every int64, pruned *int) (netRun, int) {
	t.Helper()
	s := newSolver(t, m, o)
	swapped := 0
	if ref {
		swapped = withRefRegin(s, pruned)
	}
	var r netRun
	for {
		if every > 0 {
			s.nodeLimit = s.stats.Nodes + every
		}
		st := s.Next()
		if st == Stopped && every > 0 && s.nodeHit {
			s.nodeHit = false
			continue
		}
		if st != Solution {
			break
		}
		r.sols = append(r.sols, slices.Clone(s.sol))
	}
	r.stats = s.Stats()
	r.stats.SearchTime = 0
	r.weights = slices.Clone(s.weight)
	return r, swapped
}

// acOptions are the PropAC settings: every order and value order.
func acOptions() []Options {
	var out []Options
	for _, order := range []VarOrder{OrderDomWdeg, OrderMRV, OrderInput} {
		for _, values := range []ValueOrder{ValuesAuto, ValuesMin, ValuesMax} {
			out = append(out, Options{Order: order, Values: values, Prop: PropAC})
		}
	}
	return out
}

// The bit-set Régin (propagateSmall, pruneSmall) searches the tree the
// reference searches: the same solutions in the same order, statistics
// and dom/wdeg weights, under every order and value order of PropAC, on
// random models of alldiffs with and without offsets, diagonals and
// binary constraints over small domains with holes, on cliques and on
// n-queens; the solutions are those of brute force; and the reference
// removed values on enough calls that pruneSmall was put to the test.
func TestReginSmallSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	models, queensTo := 60, 7
	if testing.Short() {
		models, queensTo = 25, 6
	}
	pruned, swapped := 0, 0
	check := func(name string, m *Model, brute bool) {
		var want [][]int64
		if brute {
			want = bruteNet(m)
		}
		for _, o := range acOptions() {
			name := fmt.Sprintf("%s, %v/%v", name, o.Order, o.Values)
			got, _ := runRegin(t, m, o, false, 0, nil)
			ref, k := runRegin(t, m, o, true, 0, &pruned)
			swapped += k
			compareRuns(t, name, got, ref)
			if brute && o.Order == OrderDomWdeg {
				slices.SortFunc(got.sols, slices.Compare)
				if !slices.EqualFunc(got.sols, want, slices.Equal) {
					t.Fatalf("%s: %d solutions, brute force %d", name, len(got.sols), len(want))
				}
			}
		}
	}
	// Drawn in full whatever models is, so that -short checks a prefix.
	var nets, cliques []*Model
	for range 60 {
		nets = append(nets, netModel(rng, false))
	}
	for range 30 {
		cliques = append(cliques, cliqueModel(rng))
	}
	for i, m := range nets[:models] {
		check(fmt.Sprintf("model %d", i), m, true)
	}
	for i, m := range cliques[:models/2] {
		check(fmt.Sprintf("clique %d", i), m, true)
	}
	for n := 4; n <= queensTo; n++ {
		m, _ := queens(t, n)
		check(fmt.Sprintf("%d-queens", n), m, false)
	}
	if swapped == 0 || pruned < 100 {
		t.Errorf("%d propagators swapped, %d calls that pruned: the test proves little", swapped, pruned)
	}
	t.Logf("%d propagators, %d pruning calls", swapped, pruned)
}

// Stopping on a node limit and resuming, and SolveParallel's subproblems,
// leave the bit-set Régin's search as it was.
func TestReginSmallLimitsParallel(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for i := range 30 {
		m := cliqueModel(rng)
		o := Default()
		want, _ := runRegin(t, m, o, true, 0, new(int))
		got, _ := runRegin(t, m, o, false, 3, nil)
		if !slices.EqualFunc(got.sols, want.sols, slices.Equal) {
			t.Fatalf("clique %d stopped every 3 nodes: solutions %v, want %v", i, got.sols, want.sols)
		}
		_, stats, err := SolveParallel(m, o, 2, nil)
		if err != nil || stats.Solutions != int64(len(want.sols)) {
			t.Fatalf("clique %d in parallel: %d solutions, %v; want %d", i, stats.Solutions, err, len(want.sols))
		}
	}
}

// reginOnDomains builds alldiff over variables with the given domains
// under PropAC and returns the solver and its small Régin propagator.
func reginOnDomains(t *testing.T, doms [][]int64, off []int64) (*Solver, *reginProp) {
	t.Helper()
	m := NewModel()
	args := make([]Expr, len(doms))
	for i, d := range doms {
		x, err := m.NewVar(fmt.Sprintf("x%d", i), d)
		if err != nil {
			t.Fatal(err)
		}
		args[i] = m.Ref(x)
		if off[i] != 0 {
			args[i], _ = NewBinary(OpAdd, args[i], NewConst(off[i]))
		}
	}
	m.AllDifferent(args)
	useDiffNet = false // which would take a lone alldiff without offsets
	defer func() { useDiffNet = true }()
	s := newSolver(t, m, Options{Prop: PropAC})
	for _, p := range s.ac.props {
		if r, ok := p.(*reginProp); ok && r.small {
			return s, r
		}
	}
	t.Fatalf("no small Régin on %v", doms)
	return nil, nil
}

// storeState is what a propagator call leaves in the store: every cell
// and word, the trail and the variables reported changed, in order.
func storeState(t *store) string {
	return fmt.Sprint(t.cell, t.words, t.log, t.touched)
}

// One call of propagateSmall leaves the store exactly as the reference
// does (the same values removed, recorded and reported in the same order,
// the same verdict), on random domains over at most 64 values with Hall
// sets, free values and long alternating paths, with offsets, the fixed
// arguments' values gone from the others as the value propagator leaves
// them, and again after more values go, from the matching the first call
// left.
func TestReginSmallCalls(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	pruned, failed := 0, 0
	for trial := range 4000 {
		n := 2 + rng.Intn(12)
		span := n - 1 + rng.Intn(4)
		if rng.Intn(20) == 0 {
			span = 60 + rng.Intn(4) // values reaching the end of the word
		}
		doms := make([][]int64, n)
		off := make([]int64, n)
		var taken []int64 // the values of the fixed arguments
		for i := range doms {
			if rng.Intn(3) == 0 {
				off[i] = int64(rng.Intn(3))
			}
			if rng.Intn(8) == 0 {
				if v := int64(rng.Intn(span)); !slices.Contains(taken, v) {
					taken = append(taken, v)
					doms[i] = []int64{v - off[i]}
					continue
				}
			}
			k := 2 + rng.Intn(1+rng.Intn(span))
			for _, v := range rng.Perm(span)[:min(k, span)] {
				doms[i] = append(doms[i], int64(v)-off[i])
			}
		}
		short := false // an unfixed argument left with fewer than two values
		for i := range doms {
			if len(doms[i]) == 1 {
				continue
			}
			doms[i] = slices.DeleteFunc(doms[i], func(v int64) bool { return slices.Contains(taken, v+off[i]) })
			short = short || len(doms[i]) < 2
			slices.Sort(doms[i])
		}
		if short {
			continue
		}
		name := fmt.Sprintf("trial %d: %v + %v", trial, doms, off)
		s1, r1 := reginOnDomains(t, doms, off)
		s2, r2 := reginOnDomains(t, doms, off)
		for round := range 2 {
			if round == 1 {
				// Narrow both stores the same way; the matchings stay.
				for i := range doms {
					x := r1.xs[i]
					if s1.st.size(x) > 2 && rng.Intn(3) == 0 {
						v := s1.st.minOf(x)
						s1.st.remove(x, v)
						s2.st.remove(x, v)
					}
				}
			}
			ok1 := r1.propagateSmall(&s1.st)
			ok2 := refPropagateSmall(r2, &s2.st)
			if ok1 != ok2 {
				t.Fatalf("%s, round %d: propagateSmall %v, reference %v", name, round, ok1, ok2)
			}
			if !ok1 {
				failed++
				break
			}
			if a, b := storeState(&s1.st), storeState(&s2.st); a != b {
				t.Fatalf("%s, round %d: store\n%s\nreference\n%s", name, round, a, b)
			}
			if len(s1.st.touched) > 0 {
				pruned++
			}
		}
	}
	if pruned < 1000 || failed < 100 {
		t.Errorf("%d calls pruned, %d failed: the domains test little", pruned, failed)
	}
	t.Logf("%d calls pruned, %d failed", pruned, failed)
}

// An alldiff may take a variable twice with different offsets (x and
// x+1): one argument's removals then change the domain another argument
// read at the start of the call. The bit-set Régin must remove only what
// is still there and fail rather than empty a domain, as the reference
// does. Random alldiffs with repeated variables, against the reference
// and brute force under every PropAC setting.
func TestReginSmallRepeatedVariables(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	pruned, swapped := 0, 0
	for i := range 150 {
		m := NewModel()
		n := 2 + rng.Intn(4)
		var refs []Expr
		for k := range n {
			// Mostly from 0 and offsets up, so that a plain argument
			// starts at the alldiff's lowest value: its removals take
			// whole words (removeWord).
			lo := int64(0)
			if rng.Intn(3) == 0 {
				lo = int64(rng.Intn(5) - 2)
			}
			x, _ := m.NewVarRange(fmt.Sprintf("x%d", k), lo, lo+int64(1+rng.Intn(4)))
			refs = append(refs, m.Ref(x))
		}
		var args []Expr
		for range 2 + rng.Intn(4) {
			a := refs[rng.Intn(n)]
			if c := int64(rng.Intn(4) - rng.Intn(2)); c != 0 {
				e, err := NewBinary(OpAdd, a, NewConst(c))
				if err != nil {
					t.Fatal(err)
				}
				a = e
			}
			args = append(args, a)
		}
		m.AllDifferent(args)
		want := bruteNet(m)
		for _, o := range acOptions() {
			name := fmt.Sprintf("model %d, %v/%v", i, o.Order, o.Values)
			got, _ := runRegin(t, m, o, false, 0, nil)
			ref, k := runRegin(t, m, o, true, 0, &pruned)
			swapped += k
			compareRuns(t, name, got, ref)
			slices.SortFunc(got.sols, slices.Compare)
			if !slices.EqualFunc(got.sols, want, slices.Equal) {
				t.Fatalf("%s: %d solutions, brute force %d", name, len(got.sols), len(want))
			}
		}
	}
	if swapped == 0 || pruned < 50 {
		t.Errorf("%d propagators swapped, %d calls that pruned: the test proves little", swapped, pruned)
	}
}
