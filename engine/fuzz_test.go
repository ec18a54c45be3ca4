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
	for _, seed := range []int64{1, 2, 3, 20240601, 777} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		fuzzModel(t, seed, randomModel(rand.New(rand.NewSource(seed))), allOptions())
		split := Options{Order: OrderDomWdeg, Values: ValueSplitMax, Prop: PropAC}
		fuzzModel(t, seed, randomWideModel(rand.New(rand.NewSource(seed))), append(allOptions(), split))
	})
}

// fuzzModel checks the searches of rm under each options against
// enumeration.
func fuzzModel(t *testing.T, seed int64, rm *randModel, options []Options) {
	want := rm.enumerate()
	defer func(l int) { copyLimit = l }(copyLimit)
	for k, o := range options {
		copyLimit = []int{0, 1 << 20}[k%2] // trailing and copying, in turn
		name := fmt.Sprintf("seed %d %v options %+v copyLimit %d", seed, rm.desc, o, copyLimit)
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
