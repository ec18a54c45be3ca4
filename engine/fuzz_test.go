package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// FuzzEngine is the differential fuzz target: a seed makes a small random
// model (the generator of the brute-force cross-check), and every
// combination of variable order, value order and propagation level must
// give exactly the solution set, or the optimum, of plain enumeration.
// The seed makes a second model too, over wide domains restricted to a
// few values (randomWideModel), searched the same way and by splitting.
// go test -fuzz keeps any seed that fails in testdata/fuzz/FuzzEngine,
// and plain go test replays them.
func FuzzEngine(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 4, 20240601, 777} {
		f.Add(seed)
	}
	f.Add(int64(-1))
	f.Add(int64(-20260101))
	f.Fuzz(func(t *testing.T, seed int64) {
		rng := rand.New(rand.NewSource(seed))
		var rm *randModel
		if seed < 0 {
			rm = randomDeepModel(rng)
		} else {
			rm = randomModel(rng)
		}
		fuzzCheck(t, fmt.Sprintf("seed %d", seed), rm, seed < 0)
		split := Options{Order: OrderDomWdeg, Values: ValueSplitMax, Prop: PropAC}
		wide := randomWideModel(rand.New(rand.NewSource(seed)))
		fuzzCheckUnder(t, fmt.Sprintf("seed %d wide", seed), wide, false, append(allOptions(), split))
		if seed%4 == 0 {
			long := randomLongSumModel(rand.New(rand.NewSource(seed)))
			fuzzCheckUnder(t, fmt.Sprintf("seed %d long sums", seed), long, false, allOptions())
		}
	})
}

// fuzzCheck solves rm under every setting, and with flat also with the
// flattened constraints left to their primitives alone, against plain
// enumeration.
func fuzzCheck(t *testing.T, label string, rm *randModel, flat bool) {
	t.Helper()
	fuzzCheckUnder(t, label, rm, flat, allOptions())
}

// fuzzCheckUnder is fuzzCheck under the given settings.
func fuzzCheckUnder(t *testing.T, label string, rm *randModel, flat bool, options []Options) {
	t.Helper()
	want := rm.enumerate()
	defer func(l int, f bool) { copyLimit, flatOnly = l, f }(copyLimit, flatOnly)
	opts := options
	if flat {
		for _, o := range options {
			if o.Prop == PropAC {
				opts = append(opts, o) // a second time, primitives alone
			}
		}
	}
	for k, o := range opts {
		copyLimit = []int{0, 1 << 20}[k%2] // trailing and copying, in turn
		flatOnly = k >= len(options)
		name := fmt.Sprintf("%s %v options %+v copyLimit %d flatOnly %v\n%s", label, rm.desc, o, copyLimit, flatOnly, modelText(rm.m))
		s, err := NewSolver(rm.m, o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, obj := rm.m.Objective(); obj != nil {
			checkOptimum(t, name, s, rm, want)
		} else {
			checkSolutionSet(t, name, s, rm, want)
		}
	}
}

// randomDeepModel is randomModel's kind of model with nested arithmetic
// deeper (expressions of depth 3 to 5 on both sides of a comparison),
// over domains of up to 9 values: the flattening's hidden variables, their
// definitions and their definedness at every level.
func randomDeepModel(rng *rand.Rand) *randModel {
	rm := &randModel{m: NewModel()}
	g := &gen{rng: rng, rm: rm}
	for i := range 2 + g.n(3) {
		lo := int64(g.n(9) - 4)
		var vs []int64
		for v := lo; v < lo+int64(2+g.n(8)); v++ {
			if g.n(6) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		x, err := rm.m.NewVar(fmt.Sprintf("x%d", i), vs)
		if err != nil {
			panic(err)
		}
		rm.refs = append(rm.refs, rm.m.Ref(x))
	}
	for range 1 + g.n(3) {
		var e Expr
		if g.n(3) == 0 {
			e = g.boolean(3 + g.n(3))
		} else {
			e = g.or(NewBinary(OpEq+BinOp(g.n(6)), g.num(3+g.n(3)), g.num(2+g.n(2))))
		}
		rm.m.Require(e)
		rm.checks = append(rm.checks, func(a []int64) bool { v, ok := refEval(e, a); return ok && v != 0 })
		rm.desc = append(rm.desc, "deep")
	}
	if g.n(3) == 0 {
		rm.m.SetObjective(Minimize+Sense(g.n(2)), g.num(3))
	}
	return rm
}
