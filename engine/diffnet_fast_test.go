package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// diffNetCount sums f over the solver's diffNets.
func diffNetCount(s *Solver, f func(*diffNet) int) int {
	n := 0
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			n += f(p)
		}
	}
	return n
}

// The fast paths of diffNet that a flag turns off, each with what shows
// it ran.
var diffNetPaths = []struct {
	name string
	on   *bool
	ran  func(*diffNet) int
}{
	{"calm", &useCalm, func(p *diffNet) int { return p.calmSkips }},
	{"pruneTight", &useTight, func(p *diffNet) int { return p.tightSplits }},
	{"cheapRoot1", &useRoot1, func(p *diffNet) int { return p.roots1 }},
}

// Each fast path leaves everything as it was without it: the root's
// domains, every node, the solutions (against brute force), the
// statistics and the dom/wdeg weights, on random models of diffNet's
// class under every PropAC setting, wide nets (two words of units)
// included. calm skips the Régin tests that unit found would end at
// once; pruneTight prunes a unit with as many values as unfixed
// variables by its strongly connected components; cheapRoot1 takes the
// root's rules in one loop on a net of one word of units
// (diffnet_root1.go), the path without it being spreadRoot's own loop.
func TestDiffNetFastPathsSameSearch(t *testing.T) {
	models := 80
	if testing.Short() {
		models = 40
	}
	for _, path := range diffNetPaths {
		rng := rand.New(rand.NewSource(17))
		ran := 0
		for i := range models {
			var m *Model
			if i%4 == 3 {
				m = wideDiffModel(rng)
			} else {
				m = diffNetModel(rng)
			}
			want := bruteDiff(m)
			for _, o := range allOptions() {
				if o.Prop != PropAC {
					continue
				}
				var recs [2][]string
				for k, on := range []bool{true, false} {
					*path.on = on
					s := newSolver(t, m, o)
					recs[k] = rootRecord(s, true)
					if on {
						ran += diffNetCount(s, path.ran)
					}
				}
				*path.on = true
				if j := firstDiff(recs[0], recs[1]); j >= 0 {
					t.Fatalf("%s: model %d, options %+v: line %d: with %q, without %q", path.name, i, o, j, recs[0][j], recs[1][j])
				}
				if n := slices.IndexFunc(recs[0], func(l string) bool { return len(l) > 8 && l[:8] == "solution" }); (n >= 0) != (len(want) > 0) {
					t.Fatalf("%s: model %d, options %+v: solutions %v, brute force %d", path.name, i, o, recs[0], len(want))
				}
			}
		}
		if ran == 0 {
			t.Errorf("%s never ran: the test misses the case", path.name)
		}
	}
}

// On sudokus solved one after another (Reset and Restrict, as csp solve
// --each runs them), the fast paths change nothing either.
func TestDiffNetFastPathsSudokus(t *testing.T) {
	puzzles := append(readLines(t, "top95.txt")[:30], readLines(t, "sudoku17.txt")[3000:3060]...)
	m, cells := sudokuByKind()
	for _, path := range diffNetPaths {
		for _, o := range []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropAC}, {Order: OrderMRV, Prop: PropAC}} {
			var recs [2][]string
			ran := 0
			for k, on := range []bool{true, false} {
				*path.on = on
				var s *Solver
				recs[k], s = rootRecords(t, m, cells, o, puzzles, false)
				if on {
					ran = diffNetCount(s, path.ran)
				}
			}
			*path.on = true
			if i := firstDiff(recs[0], recs[1]); i >= 0 {
				t.Fatalf("%s, %+v: line %d: with %q, without %q", path.name, o, i, recs[0][i], recs[1][i])
			}
			if ran == 0 {
				t.Errorf("%s, %+v: never ran", path.name, o)
			}
		}
	}
}

// regin gathers a unit's variables in scratch of 65 entries: a unit of
// 64 variables over 64 values with a Hall pair reaches it whole, and is
// pruned as the separate propagators prune it; one of 65 fails (in unit,
// before regin), given values or not.
func TestDiffNetReginPast64(t *testing.T) {
	defer func() { useDiffNet = true }()
	for _, fixed := range []int{-1, 0, 1, 3} {
		m := NewModel()
		var refs []Expr
		n := 65 + fixed
		if fixed < 0 {
			n = 64
		}
		for i := range n {
			lo, hi := int64(0), int64(63)
			switch {
			case fixed < 0 && i < 2:
				hi = 1 // the Hall pair
			case fixed > 0 && i >= 65:
				lo, hi = int64(i-65), int64(i-65) // given: 0, 1, ...
			}
			x, _ := m.NewVarRange(fmt.Sprintf("x%d", i), lo, hi)
			refs = append(refs, m.Ref(x))
		}
		m.AllDifferent(refs)
		var got [2][]string
		for k, net := range []bool{true, false} {
			useDiffNet = net
			s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropAC})
			if net && !usesDiffNet(s) {
				t.Fatalf("%d fixed: no diffNet", fixed)
			}
			ok := s.Propagate()
			got[k] = append(got[k], fmt.Sprint(ok))
			for x := int32(0); ok && x < s.n; x++ { // after a failure: undefined
				got[k] = append(got[k], fmt.Sprint(s.Domain(Var(x))))
			}
		}
		if j := firstDiff(got[0], got[1]); j >= 0 {
			t.Fatalf("%d fixed: line %d: diffNet %q, separate %q", fixed, j, got[0][j], got[1][j])
		}
		if want := fmt.Sprint(fixed < 0); got[0][0] != want {
			t.Errorf("%d fixed: Propagate %s, want %s", fixed, got[0][0], want)
		}
	}
}

// One alldiff of k variables over k values (pruneTight's case: no free
// value), random domains with Hall sets planted now and then: diffNet
// leaves each variable exactly the values some solution gives it (brute
// force), and fails iff there is none.
func TestDiffNetTightBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	splits := 0
	for i := range 400 {
		k := 4 + rng.Intn(5)
		doms := make([][]int64, k)
		for x := range doms {
			for v := range int64(k) {
				if rng.Intn(3) == 0 {
					doms[x] = append(doms[x], v)
				}
			}
		}
		if rng.Intn(2) == 0 { // a Hall set: h variables over h values
			h := 2 + rng.Intn(k-3)
			vals := rng.Perm(k)[:h]
			for _, x := range rng.Perm(k)[:h] {
				doms[x] = nil
				for _, v := range vals {
					if rng.Intn(4) > 0 {
						doms[x] = append(doms[x], int64(v))
					}
				}
				slices.Sort(doms[x])
			}
		}
		m := NewModel()
		var refs []Expr
		ok := true
		for x, d := range doms {
			if len(d) == 0 {
				ok = false
				break
			}
			v, _ := m.NewVar(fmt.Sprintf("x%d", x), d)
			refs = append(refs, m.Ref(v))
		}
		if !ok {
			continue
		}
		m.AllDifferent(refs)
		want := make([]map[int64]bool, k)
		for x := range want {
			want[x] = map[int64]bool{}
		}
		for _, sol := range bruteDiff(m) {
			for x, v := range sol {
				want[x][v] = true
			}
		}
		s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropAC})
		if !usesDiffNet(s) {
			t.Fatalf("model %d: no diffNet", i)
		}
		if got := s.Propagate(); got != (len(want[0]) > 0) {
			t.Fatalf("model %d %v: Propagate %v, solutions: %v", i, doms, got, !got)
		} else if !got {
			continue
		}
		for x := range k {
			var w []int64
			for v := range want[x] {
				w = append(w, v)
			}
			slices.Sort(w)
			if d := s.Domain(Var(x)); !slices.Equal(d, w) {
				t.Fatalf("model %d %v: x%d has %v, supports %v", i, doms, x, d, w)
			}
		}
		splits += diffNetCount(s, func(p *diffNet) int { return p.tightSplits })
	}
	if splits == 0 {
		t.Error("pruneTight never split a unit: the test misses the case")
	}
}
