package engine

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"testing"
)

// Paths gives back every subproblem added, whether added whole (Add) or
// as the steps it keeps of the one before and its own (Extend), with
// Kept, Suffix and Steps as the paths say.
func TestPathsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for round := range 200 {
		p := &Paths{}
		var want []Subproblem
		sum := 0
		for i := range 1 + rng.Intn(30) {
			var sub Subproblem
			keep := 0
			if i > 0 && rng.Intn(3) > 0 {
				keep = rng.Intn(len(want[i-1]) + 1)
				sub = slices.Clone(want[i-1][:keep])
			}
			for range rng.Intn(6) {
				sub = append(sub, Decision{X: Var(rng.Intn(4)), V: int64(rng.Intn(3)), Op: DecisionOp(rng.Intn(4))})
			}
			var err error
			if rng.Intn(2) == 0 {
				err = p.Add(sub)
			} else {
				err = p.Extend(keep, sub[keep:])
			}
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, sub)
			sum += len(sub)
		}
		if p.Len() != len(want) || p.Steps() > sum {
			t.Fatalf("round %d: %d paths of %d steps, want %d paths of at most %d", round, p.Len(), p.Steps(), len(want), sum)
		}
		for i, sub := range want {
			if got := p.At(i); !slices.Equal(got, sub) || p.PathLen(i) != len(sub) {
				t.Fatalf("round %d, path %d: %v, want %v", round, i, got, sub)
			}
			k := p.Kept(i)
			if i == 0 && k != 0 || i > 0 && (k > len(sub) || k > len(want[i-1]) || !slices.Equal(sub[:k], want[i-1][:k])) {
				t.Fatalf("round %d, path %d keeps %d of %v after %v", round, i, k, sub, want[max(i-1, 0)])
			}
			if got := p.Suffix(i, k); !slices.Equal(got, sub[k:]) {
				t.Fatalf("round %d, path %d: suffix %v, want %v", round, i, got, sub[k:])
			}
		}
	}
	p := &Paths{}
	if err := p.Extend(1, nil); err != ErrBadKeep {
		t.Fatalf("Extend past the path before: %v", err)
	}
}

// A cut of 100-queens in input order under PropAC has thousands of
// subproblems near the right spine, each path holding every x != v step
// above it: held one slice each they took the square of their number
// (Split's 2944 paths of 100-queens, 4.3 million steps, 104 MB; 3.7 GB
// for 200-queens). Split and SolveParallel's decomposition now keep them
// in memory linear in the steps of the cut.
func TestSplitMemoryLinear(t *testing.T) {
	m, _ := queens(t, 100)
	o := Options{Order: OrderInput, Prop: PropAC}
	before := allocated()
	paths, starts, err := SplitPaths(m, o, 1000)
	if err != nil {
		t.Fatal(err)
	}
	alloc := allocated() - before
	steps := 0
	for i := range paths.Len() {
		steps += paths.PathLen(i)
	}
	t.Logf("%d subproblems in %d groups, %d steps in all, %d stored, %d MB allocated", paths.Len(), len(starts), steps, paths.Steps(), alloc>>20)
	if steps < 20*paths.Steps() {
		t.Fatalf("the cut is not the one this test is for: %d steps, %d stored", steps, paths.Steps())
	}
	if alloc > 24<<20 {
		t.Fatalf("Split allocated %d MB", alloc>>20)
	}

	r, solvers, err := newParallelRun(m, o, 34, 34, nil) // 34 workers aim at 1020 subproblems
	if err != nil {
		t.Fatal(err)
	}
	before = allocated()
	subs := r.decompose(solvers[0], len(solvers))
	if alloc := allocated() - before; alloc > 24<<20 || subs.Len() != paths.Len() {
		t.Fatalf("decompose: %d subproblems (Split: %d), %d MB allocated", subs.Len(), paths.Len(), alloc>>20)
	}
}

func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// The satisfaction solutions above SolveParallel's cut are kept until the
// cut is known to be the last; past maxAboveCut values they are reported
// at once and that cut is the last. Either way every solution comes once.
func TestSolveParallelSolutionsAboveCut(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 1, 300)
	y, _ := m.NewVarRange("y", 1, 3)
	yLow, _ := NewBinary(OpLe, m.Ref(y), NewConst(1))
	xLow, _ := NewBinary(OpLe, m.Ref(x), NewConst(4))
	either, err := NewBinary(OpOr, yLow, xLow)
	if err != nil {
		t.Fatal(err)
	}
	m.Require(either)
	defer func(old int) { maxAboveCut = old }(maxAboveCut)
	var want int64
	for _, limit := range []int{1 << 23, 20, 0} {
		maxAboveCut = limit
		seen := map[[2]int64]int{}
		st, stats, err := SolveParallel(m, Options{Prop: PropAC, Order: OrderInput}, 2, func(v []int64) bool {
			seen[[2]int64{v[x], v[y]}]++
			return true
		})
		if err != nil || st != Exhausted {
			t.Fatal(st, err)
		}
		for k, c := range seen {
			if c != 1 {
				t.Fatalf("limit %d: %v found %d times", limit, k, c)
			}
		}
		if want == 0 {
			want = stats.Solutions
		}
		if int64(len(seen)) != want || stats.Solutions != want || want != 300+2*4 {
			t.Fatalf("limit %d: %d solutions (%d distinct), want %d", limit, stats.Solutions, len(seen), 300+2*4)
		}
	}
}

// takeCut skips the frames the branch kept since the path before; the
// paths it stores are the frames at each cut node and solution, as a
// copy of every path from the root gives them, on random models under
// every option and cut depth, and on 30-queens's long spines.
func TestTakeCutPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	check := func(name string, m *Model, o Options, depth int) {
		s := newSolver(t, m, o)
		s.cutDepth, s.cutLow = depth, 0
		p := &Paths{}
		var want []Subproblem
		for {
			st := s.next()
			if st != statusCut && st != Solution {
				break
			}
			sub := make(Subproblem, len(s.frames))
			for i, f := range s.frames {
				sub[i] = Decision{X: Var(f.x), V: f.v, Op: f.op()}
			}
			want = append(want, sub)
			if err := p.takeCut(s); err != nil {
				t.Fatal(err)
			}
		}
		if p.Len() != len(want) {
			t.Fatalf("%s: %d paths, want %d", name, p.Len(), len(want))
		}
		for i, sub := range want {
			if got := p.At(i); !slices.Equal(got, sub) {
				t.Fatalf("%s: path %d is %v, want %v", name, i, got, sub)
			}
		}
	}
	models := 60
	if testing.Short() {
		models = 20
	}
	for i := range models {
		rm := randomModel(rng)
		for k, o := range allOptions() {
			check(fmt.Sprintf("model %d %v, options %d", i, rm.desc, k), rm.m, o, 1+(i+k)%3)
		}
	}
	m, _ := queens(t, 30)
	for _, o := range allOptions() {
		check(fmt.Sprintf("30-queens %v", o), m, o, 2)
	}
}
