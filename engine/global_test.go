package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"sync"
	"testing"
)

// The shared test of every Global: random small instances, each solved
// three ways that must agree exactly —
//
//   - the global's own propagator, under every order × values × prop
//     setting, on trailing and copying stores, serially and with two
//     workers;
//   - its decomposition (Decompose) as one v1 constraint;
//   - brute-force enumeration of the assignments, tested with Holds.
//
// With dc set, the root propagation under PropAC must also be domain
// consistent: every value left has a support among the solutions.

// globalMaker adds the variables of one random instance to m and returns
// the global over them. It must draw the same instance from the same rng
// state, since the harness calls it once per model it builds.
type globalMaker func(rng *rand.Rand, m *Model) Global

// globalCheck describes the test of one global.
type globalCheck struct {
	name      string
	make      globalMaker
	instances int  // random instances (a fifth, at least 40, with -short)
	dc        bool // root propagation under PropAC is domain consistent
	// bc: root propagation under PropAC is bounds(Z) consistent: each
	// bound of each variable is its value in an assignment of values
	// within the other variables' bounds (holes ignored) that satisfies
	// the model, as Gecode's bounds propagators promise.
	bc bool
	// dcVar, if set, limits the dc check to the variables it accepts (by
	// name), for a global that promises domain consistency on some of
	// its arguments only.
	dcVar func(name string) bool
	// extra, if set, is called with each model before solving (say, to
	// add a constraint that makes the instance more interesting).
	extra func(rng *rand.Rand, m *Model)
}

// build makes the model of instance seed: the global posted, or its
// decomposition when decomposed is set.
func (c globalCheck) build(t *testing.T, seed int64, decomposed bool) (*Model, Global) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	m := NewModel()
	g := c.make(rng, m)
	if decomposed {
		e, err := g.Decompose()
		if err != nil {
			t.Fatalf("%s instance %d: Decompose: %v", c.name, seed, err)
		}
		m.Require(e)
	} else {
		m.Post(g)
	}
	if c.extra != nil {
		c.extra(rng, m)
	}
	return m, g
}

// bruteSolutions enumerates the assignments of m's variables that satisfy
// every constraint of m, read with Holds for globals and refTruth for
// expressions.
func bruteSolutions(m *Model) [][]int64 {
	n := m.NumVars()
	a := make([]int64, n)
	var out [][]int64
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if modelHolds(m, a) {
				out = append(out, slices.Clone(a))
			}
			return
		}
		for _, v := range m.InitialDomain(Var(i)) {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// modelHolds tests every constraint of m under assignment a.
func modelHolds(m *Model, a []int64) bool {
	for _, c := range m.Constraints() {
		switch c.Kind {
		case KindExpr:
			if !refTruth(c.Expr, a) {
				return false
			}
		case KindGlobal:
			args := c.Global.Args()
			vals := make([]int64, len(args))
			for i, e := range args {
				v, ok := refEval(e, a)
				if !ok {
					return false
				}
				vals[i] = v
			}
			if !c.Global.Holds(vals) {
				return false
			}
		default:
			panic("modelHolds: constraint kind not supported in global tests")
		}
	}
	return true
}

func solutionKeys(sols [][]int64) []string {
	keys := make([]string, len(sols))
	for i, a := range sols {
		keys[i] = fmt.Sprint(a)
	}
	sort.Strings(keys)
	return keys
}

// solveAll returns every solution of m under o with the given workers.
func solveAll(t *testing.T, name string, m *Model, o Options, workers int) [][]int64 {
	t.Helper()
	var mu sync.Mutex
	var out [][]int64
	st, _, err := SolveParallel(m, o, workers, func(vals []int64) bool {
		mu.Lock()
		out = append(out, slices.Clone(vals))
		mu.Unlock()
		return true
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if st != Exhausted {
		t.Fatalf("%s: status %v", name, st)
	}
	return out
}

// run checks c's instances.
func (c globalCheck) run(t *testing.T) {
	n := c.instances
	if testing.Short() {
		n = min(n, max(n/5, 40))
	}
	defer func(l int) { copyLimit = l }(copyLimit)
	sat := 0
	for i := range n {
		if c.one(t, i, int64(1000003*i+17)) {
			sat++
		}
	}
	t.Logf("%s: %d instances, %d satisfiable", c.name, n, sat)
	if sat == 0 || sat == n {
		t.Errorf("%s: %d of %d instances satisfiable: the generator tests only one side", c.name, sat, n)
	}
}

// one checks the instance drawn from seed (the i-th) and reports whether
// it has a solution.
func (c globalCheck) one(t *testing.T, i int, seed int64) bool {
	m, _ := c.build(t, seed, false)
	dm, _ := c.build(t, seed, true)
	want := solutionKeys(bruteSolutions(m))
	if got := solutionKeys(bruteSolutions(dm)); !slices.Equal(got, want) {
		t.Fatalf("%s instance %d: the decomposition has solutions %v, the global %v", c.name, i, got, want)
	}
	for k, o := range allOptions() {
		copyLimit = []int{0, 1 << 20}[(i+k)%2]
		workers := 1 + (i+k)%2
		name := fmt.Sprintf("%s instance %d %+v workers %d", c.name, i, o, workers)
		if got := solutionKeys(solveAll(t, name, m, o, workers)); !slices.Equal(got, want) {
			t.Fatalf("%s: solutions %v, want %v", name, got, want)
		}
		if k%9 == 0 {
			if got := solutionKeys(solveAll(t, name+" decomposed", dm, o, workers)); !slices.Equal(got, want) {
				t.Fatalf("%s decomposed: solutions %v, want %v", name, got, want)
			}
		}
	}
	c.checkRoot(t, i, m, want)
	return len(want) > 0
}

// checkRoot verifies root propagation under PropAC: it keeps every value
// of every solution and, with dc, only those.
func (c globalCheck) checkRoot(t *testing.T, i int, m *Model, want []string) {
	s, err := NewSolver(m, Options{Order: OrderMRV, Values: ValuesMin, Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	sols := bruteSolutions(m)
	ok := s.Propagate()
	if !ok {
		if len(sols) > 0 {
			t.Fatalf("%s instance %d: root propagation failed, but %v is a solution", c.name, i, sols[0])
		}
		return
	}
	for x := range m.NumVars() {
		dom := s.Domain(Var(x))
		support := map[int64]bool{}
		for _, a := range sols {
			support[a[x]] = true
			if !slices.Contains(dom, a[x]) {
				t.Fatalf("%s instance %d: root propagation removed %d from %s (%v), which solution %v uses", c.name, i, a[x], m.VarName(Var(x)), dom, a)
			}
		}
		if !c.dc || !c.alone(m) || c.dcVar != nil && !c.dcVar(m.VarName(Var(x))) {
			continue
		}
		for _, v := range dom {
			if !support[v] {
				t.Fatalf("%s instance %d: after root propagation %s keeps %d (domain %v), which no solution uses", c.name, i, m.VarName(Var(x)), v, dom)
			}
		}
	}
	if c.dc && c.alone(m) && len(sols) == 0 {
		t.Fatalf("%s instance %d: root propagation succeeded, but there is no solution", c.name, i)
	}
	if c.bc && c.alone(m) {
		checkBoundsSupport(t, fmt.Sprintf("%s instance %d", c.name, i), m, s)
		c.checkBoundsBelow(t, i, m, s)
	}
}

// checkBoundsBelow walks a few random decisions down from the root
// under PropAC and checks bounds(Z) consistency at each node: the
// propagators that skip work from what changed since their last run
// must reach the fixpoint a full run reaches.
func (c globalCheck) checkBoundsBelow(t *testing.T, i int, m *Model, s *Solver) {
	t.Helper()
	rng := rand.New(rand.NewSource(int64(i)))
	root := len(s.st.marks)
	for walk := range 4 {
		for depth := 0; depth < 5; depth++ {
			var open []int32
			for x := range int32(m.NumVars()) {
				if !s.st.fixed(x) {
					open = append(open, x)
				}
			}
			if len(open) == 0 {
				break
			}
			x := open[rng.Intn(len(open))]
			d := s.Domain(Var(x))
			v := d[rng.Intn(len(d)-1)]
			op := []DecisionOp{DecideEq, DecideNe, DecideLe, DecideGt}[rng.Intn(4)]
			if !s.nodeAC(x, v, op) {
				break
			}
			checkBoundsSupport(t, fmt.Sprintf("%s instance %d walk %d depth %d (%s %v %d)", c.name, i, walk, depth, m.VarName(Var(x)), op, v), m, s)
		}
		for len(s.st.marks) > root {
			s.st.pop()
		}
	}
}

// checkBoundsSupport fails unless each bound of each variable of m after
// s's propagation has a support in which every variable lies within its
// bounds: bounds(Z) consistency.
func checkBoundsSupport(t *testing.T, name string, m *Model, s *Solver) {
	t.Helper()
	n := m.NumVars()
	lo, hi := make([]int64, n), make([]int64, n)
	for x := range n {
		d := s.Domain(Var(x))
		lo[x], hi[x] = d[0], d[len(d)-1]
	}
	supported := map[[2]int64]bool{} // (variable, value)
	a := make([]int64, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if modelHolds(m, a) {
				for x, v := range a {
					supported[[2]int64{int64(x), v}] = true
				}
			}
			return
		}
		for v := lo[i]; v <= hi[i]; v++ {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	for x := range n {
		for _, v := range []int64{lo[x], hi[x]} {
			if !supported[[2]int64{int64(x), v}] {
				t.Fatalf("%s: after root propagation %s keeps the bound %d (domain %v), which no assignment within the bounds %v..%v supports", name, m.VarName(Var(x)), v, s.Domain(Var(x)), lo, hi)
			}
		}
	}
}

// alone reports whether m's only constraint is the global, so that
// domain consistency of the global is domain consistency of the model.
func (c globalCheck) alone(m *Model) bool { return len(m.Constraints()) == 1 }

// randomVars adds k variables with random domains within lo..hi (each
// non-empty) and returns them.
func randomVars(rng *rand.Rand, m *Model, name string, k int, lo, hi int64) []Expr {
	out := make([]Expr, k)
	for i := range out {
		var vs []int64
		for v := lo; v <= hi; v++ {
			if rng.Intn(3) > 0 {
				vs = append(vs, v)
			}
		}
		if len(vs) == 0 {
			vs = append(vs, lo+rng.Int63n(hi-lo+1))
		}
		x, err := m.NewVar(fmt.Sprintf("%s%d", name, i), vs)
		if err != nil {
			panic(err)
		}
		out[i] = m.Ref(x)
	}
	return out
}

// distinctSum is a global for testing the framework: the arguments are
// pairwise different and sum to k. Its propagator only removes the
// values of fixed arguments from the others.
type distinctSum struct {
	args []Expr
	k    int64
}

func (g *distinctSum) Name() string { return "distinct_sum" }
func (g *distinctSum) Args() []Expr { return g.args }
func (g *distinctSum) Holds(vals []int64) bool {
	var s int64
	for i, v := range vals {
		s += v
		if slices.Contains(vals[:i], v) {
			return false
		}
	}
	return s == g.k
}
func (g *distinctSum) Decompose() (Expr, error) {
	var parts []Expr
	for i := range g.args {
		for j := i + 1; j < len(g.args); j++ {
			e, err := NewBinary(OpNe, g.args[i], g.args[j])
			if err != nil {
				return nil, err
			}
			parts = append(parts, e)
		}
	}
	s, err := NewNary(OpSum, g.args)
	if err != nil {
		return nil, err
	}
	e, err := NewBinary(OpEq, s, NewConst(g.k))
	if err != nil {
		return nil, err
	}
	return NewNary(OpAll, append(parts, e))
}

type distinctSumProp struct{ argX []int32 }

func (g *distinctSum) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	return &distinctSumProp{argX: argX}, globalOpts{}, nil
}

func (p *distinctSumProp) propagate(t *store, _ propMode) bool {
	for i, x := range p.argX {
		if x < 0 || !t.fixed(x) {
			continue
		}
		for j, y := range p.argX {
			if j != i && y >= 0 && y != x && !t.remove(y, t.minOf(x)) {
				return false
			}
		}
	}
	return true
}

var distinctSumCheck = registerGlobalCheck(globalCheck{
	name:      "distinct_sum",
	instances: 100,
	make: func(rng *rand.Rand, m *Model) Global {
		args := randomVars(rng, m, "x", 2+rng.Intn(3), 0, 4)
		if rng.Intn(3) == 0 {
			args = append(args, NewConst(int64(rng.Intn(5))))
		}
		if rng.Intn(4) == 0 {
			args = append(args, args[0]) // a variable twice
		}
		return &distinctSum{args: args, k: int64(rng.Intn(12))}
	},
})

func TestGlobalFramework(t *testing.T) { distinctSumCheck.run(t) }

// --trace=domains attributes a global's removals to its constraint.
func TestGlobalTraceAttribution(t *testing.T) {
	for _, prop := range []PropLevel{PropFC, PropAC} {
		m := NewModel()
		args := randomVars(rand.New(rand.NewSource(1)), m, "x", 3, 1, 3)
		m.Require(NewConst(1))
		m.Post(&distinctSum{args: args, k: 6})
		s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: prop})
		var prunes []TraceEvent
		s.SetTracer(&Tracer{Domains: true, Event: func(e TraceEvent) bool {
			if e.Kind == TracePrune && e.Depth > 0 {
				prunes = append(prunes, e)
			}
			return true
		}})
		s.Next()
		if len(prunes) == 0 {
			t.Fatalf("%v: no removal traced", prop)
		}
		for _, e := range prunes {
			if e.Constraint != 1 || e.Objective {
				t.Errorf("%v: %v removed by constraint %d, want 1", prop, e.Values, e.Constraint)
			}
		}
	}
}

// rootDomains propagates m at the root under PropAC and returns every
// domain, or nil if propagation fails.
func rootDomains(t *testing.T, m *Model) [][]int64 {
	t.Helper()
	s, err := NewSolver(m, Options{Order: OrderMRV, Values: ValuesMin, Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		return nil
	}
	out := make([][]int64, m.NumVars())
	for x := range out {
		out[x] = s.Domain(Var(x))
	}
	return out
}

// rootBounds propagates m at the root under PropAC and returns the bounds
// of its first n variables, or false if propagation fails.
func rootBounds(t *testing.T, m *Model, n int) ([][2]int64, bool) {
	t.Helper()
	doms := rootDomains(t, m)
	if doms == nil {
		return nil, false
	}
	out := make([][2]int64, n)
	for i := range out {
		out[i] = [2]int64{doms[i][0], doms[i][len(doms[i])-1]}
	}
	return out, true
}

// A global with an argument that is not a variable is posted as its
// decomposition, one propagator per part: forward checking then works
// pair by pair instead of once all but one argument are fixed.
func TestGlobalDecomposedByParts(t *testing.T) {
	m := NewModel()
	args := randomVars(rand.New(rand.NewSource(2)), m, "x", 3, 1, 5)
	plus, err := NewBinary(OpAdd, args[2], NewConst(1))
	if err != nil {
		t.Fatal(err)
	}
	m.Post(&distinctSum{args: []Expr{args[0], args[1], plus}, k: 9})
	s := newSolver(t, m, Options{Prop: PropFC})
	if len(s.props) < 4 {
		t.Fatalf("%d propagators, want one per pair and one for the sum", len(s.props))
	}
}
