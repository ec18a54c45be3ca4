package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"sync/atomic"
	"testing"
)

// shortTurns makes LNS start at once: a probe and turns of a few nodes.
// It returns the number of neighbourhoods searched so far.
func shortTurns(t *testing.T) *atomic.Int64 {
	p, l := probeNodes, lnsSlice
	probeNodes, lnsSlice = 3, 2
	var n atomic.Int64
	lnsEnded = func(l *lnsSearch) { n.Add(l.neighbourhoods) }
	t.Cleanup(func() { probeNodes, lnsSlice, lnsEnded = p, l, nil })
	return &n
}

// LNS beside the complete search, on one worker (by turns) and on two:
// every solution reported improves on the one before, and the run ends
// with the optimum, proven, as brute force finds it.
func TestLNSCrossCheck(t *testing.T) {
	searched := shortTurns(t)
	rng := rand.New(rand.NewSource(2604))
	models := 600
	if testing.Short() {
		models = 80
	}
	tested := 0
	for i := 0; tested < models; i++ {
		rm := randomModel(rng)
		if _, obj := rm.m.Objective(); obj == nil {
			continue
		}
		tested++
		want := rm.enumerate()
		if i%3 == 0 {
			for _, p := range randomPhases(rng, rm.m.NumVars()) {
				rm.m.AddPhase(p)
			}
		}
		for k, o := range allOptions() {
			o.LNS, o.Seed = true, uint64(i)
			workers := 1 + k%2
			checkParallel(t, fmt.Sprintf("model %d %v options %+v workers %d", i, rm.desc, o, workers), rm, want, o, workers)
		}
	}
	if searched.Load() == 0 {
		t.Error("LNS searched no neighbourhood")
	}
	t.Logf("%d neighbourhoods", searched.Load())
}

// jobShop returns a random job shop: jobs × machines tasks, each job
// through every machine in an order of its own, durations 1..maxD;
// minimise the makespan. starts[j][k] is task k of job j.
func jobShop(rng *rand.Rand, jobs, machines int, maxD int64) (*Model, [][]Var, [][]int64, [][]int) {
	m := NewModel()
	dur := make([][]int64, jobs)
	mach := make([][]int, jobs)
	horizon := int64(0)
	for j := range jobs {
		mach[j] = rng.Perm(machines)
		for range machines {
			d := 1 + rng.Int63n(maxD)
			dur[j] = append(dur[j], d)
			horizon += d
		}
	}
	starts := make([][]Var, jobs)
	var ends []Expr
	for j := range jobs {
		for k := range machines {
			x, _ := m.NewVarRange(fmt.Sprintf("s[%d,%d]", j, k), 0, horizon)
			starts[j] = append(starts[j], x)
		}
		for k := 1; k < machines; k++ {
			m.RequireLinear([]int64{1, -1}, []Expr{m.Ref(starts[j][k]), m.Ref(starts[j][k-1])}, OpGe, dur[j][k-1])
		}
		end, _ := NewBinary(OpAdd, m.Ref(starts[j][machines-1]), NewConst(dur[j][machines-1]))
		ends = append(ends, end)
	}
	for mc := range machines {
		var s, d []Expr
		for j := range jobs {
			for k := range machines {
				if mach[j][k] == mc {
					s, d = append(s, m.Ref(starts[j][k])), append(d, NewConst(dur[j][k]))
				}
			}
		}
		g, _ := NewNoOverlap(s, d)
		m.Post(g)
	}
	mk, _ := NewNary(OpMax, ends)
	m.SetObjective(Minimize, mk)
	return m, starts, dur, mach
}

// LNS on job shops, where neighbourhoods keep the order on the machines:
// the same optimum as the search without LNS, each solution reported
// better than the last, and the keeper's neighbourhoods actually search.
func TestLNSJobShops(t *testing.T) {
	searched := shortTurns(t)
	rng := rand.New(rand.NewSource(26))
	shops := 40
	if testing.Short() {
		shops = 10
	}
	for i := range shops {
		m, starts, _, _ := jobShop(rng, 3+rng.Intn(2), 3, 6)
		p, _ := SchedulingPhase(m)
		base := Default()
		base.DefaultPhases = []SearchPhase{p}
		s := newSolver(t, m, base)
		var opt int64
		for s.Next() == Solution {
			opt = s.Objective()
		}
		for _, workers := range []int{1, 2} {
			o := base
			o.LNS, o.Seed = true, uint64(i)
			_, obj := m.Objective()
			var objs []int64
			st, _, err := SolveParallel(m, o, workers, func(vals []int64) bool {
				v, _ := Eval(obj, func(x Var) int64 { return vals[x] })
				objs = append(objs, v)
				if !checkShop(m, vals) {
					t.Errorf("shop %d: %v is not a schedule", i, vals)
				}
				return true
			})
			if err != nil || st != Exhausted || len(objs) == 0 || objs[len(objs)-1] != opt {
				t.Fatalf("shop %d, %d workers: %v %v, objectives %v; want the optimum %d", i, workers, st, err, objs, opt)
			}
			for k := 1; k < len(objs); k++ {
				if objs[k] >= objs[k-1] {
					t.Fatalf("shop %d, %d workers: objective %d reported after %d", i, workers, objs[k], objs[k-1])
				}
			}
		}
		_ = starts
	}
	if searched.Load() == 0 {
		t.Error("LNS searched no neighbourhood")
	}
}

// checkShop checks every constraint of m on vals.
func checkShop(m *Model, vals []int64) bool {
	for _, c := range m.Constraints() {
		switch c.Kind {
		case KindExpr:
			if v, ok := Eval(c.Expr, func(x Var) int64 { return vals[x] }); !ok || v == 0 {
				return false
			}
		case KindGlobal:
			var args []int64
			for _, a := range c.Global.Args() {
				v, _ := Eval(a, func(x Var) int64 { return vals[x] })
				args = append(args, v)
			}
			if !c.Global.Holds(args) {
				return false
			}
		}
	}
	return true
}

// The steps of an LNS on a larger shop, from a first solution: each
// neighbourhood kind is drawn, every solution reported improves, and
// the share each kind relaxes stays within its bounds.
func TestLNSSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	m, _, _, _ := jobShop(rng, 6, 4, 9)
	p, _ := SchedulingPhase(m)
	o := Default()
	o.DefaultPhases = []SearchPhase{p}
	l, err := newLNS(m, o)
	if err != nil {
		t.Fatal(err)
	}
	if l.keeper == nil || len(l.tasks) != 24 || len(l.cands) != 24 {
		t.Fatalf("keeper %v, %d tasks, %d candidates", l.keeper != nil, len(l.tasks), len(l.cands))
	}
	var b sharedBound
	l.s.shared = &b
	if l.s.Next() != Solution {
		t.Fatal("no first solution")
	}
	l.setIncumbent(l.s.sol, l.s.solObj)
	b.best.Store(l.s.solObj)
	b.set.Store(true)
	kinds := map[lnsKind]int{}
	last := l.incObj
	for range 60 {
		out := l.step(func(s *Solver) bool {
			if s.solObj >= last || !checkShop(m, s.sol) {
				t.Fatalf("LNS reported objective %d after %d (a schedule: %v)", s.solObj, last, checkShop(m, s.sol))
			}
			last = s.solObj
			b.best.Store(last)
			return true
		})
		kinds[l.kind]++
		if out == lnsOptimal {
			break
		}
		if sh := l.share[l.kind]; sh < 0.02 || sh > 0.9 {
			t.Fatalf("share %v", sh)
		}
	}
	if len(kinds) != int(nbKinds) {
		t.Errorf("neighbourhood kinds drawn: %v", kinds)
	}
	t.Logf("%d neighbourhoods, %d improvements, %d exhausted, makespan %d", l.neighbourhoods, l.improvements, l.exhausted, last)
}

// The order keeper removes no value of an assignment that keeps its
// chain (and the machine's nooverlap, posted beside it), and never fails
// while one is left: brute force on small machines.
func TestOrderKeeperSound(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i := range 300 {
		m := NewModel()
		n := 2 + rng.Intn(3)
		var s, d []Expr
		var durs []int64
		for k := range n {
			lo := rng.Int63n(4)
			x, _ := m.NewVarRange(fmt.Sprintf("x%d", k), lo, lo+rng.Int63n(6))
			durs = append(durs, 1+rng.Int63n(3))
			s, d = append(s, m.Ref(x)), append(d, NewConst(durs[k]))
		}
		g, _ := NewNoOverlap(s, d)
		m.Post(g)
		k := newOrderKeeper(m)
		for _, p := range rng.Perm(n)[:1+rng.Intn(n)] {
			k.chains[0] = append(k.chains[0], int32(p))
		}
		withKeeper := *m
		withKeeper.cons = append(slices.Clip(m.cons), Constraint{Kind: KindGlobal, Global: k})
		sv := newSolver(t, &withKeeper, Options{Prop: PropAC})
		ok := sv.Propagate()
		vals := make([]int64, n)
		var rec func(j int)
		rec = func(j int) {
			if j == n {
				if !k.Holds(vals) || !g.Holds(append(slices.Clone(vals), durs...)) {
					return
				}
				if !ok {
					t.Fatalf("case %d: chain %v failed with %v left", i, k.chains[0], vals)
				}
				for x, v := range vals {
					if !slices.Contains(sv.Domain(Var(x)), v) {
						t.Fatalf("case %d: chain %v removed %d from x%d, which %v needs", i, k.chains[0], v, x, vals)
					}
				}
				return
			}
			for _, v := range m.InitialDomain(Var(j)) {
				vals[j] = v
				rec(j + 1)
			}
		}
		rec(0)
	}
}
