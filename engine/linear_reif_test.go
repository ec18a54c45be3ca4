package engine

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

var linReifOps = []BinOp{OpLe, OpLt, OpGe, OpGt, OpEq, OpNe}

// randomLinearReif draws b <-> Σ a·x op c over one to three small
// variables, now and then with a constant term, a repeated variable, b
// fixed or constant, or b a term of its own sum. Half of the time c is
// the sum at a random point of the domains, and a third of the time the
// variables are pinned to that point: b is then forced, and with b fixed
// the instance may have no solution (as x != c needs to be tested too).
func randomLinearReif(rng *rand.Rand, m *Model, op BinOp, imp bool) *LinearReif {
	xs := randomVars(rng, m, "x", 1+rng.Intn(3), -3, 3)
	if rng.Intn(5) == 0 {
		xs = append(xs, NewConst(int64(rng.Intn(5)-2)))
	}
	if rng.Intn(5) == 0 {
		xs = append(xs, xs[0])
	}
	var b Expr
	switch rng.Intn(8) {
	case 0:
		b = NewConst(int64(rng.Intn(2)))
	case 1, 2:
		k := int64(rng.Intn(2))
		v, _ := m.NewVarRange("b", k, k)
		b = m.Ref(v)
	default:
		v, _ := m.NewVarRange("b", 0, 1)
		b = m.Ref(v)
		if rng.Intn(8) == 0 {
			xs = append(xs, b)
		}
	}
	coefs := make([]int64, len(xs))
	for i := range coefs {
		coefs[i] = int64(rng.Intn(7) - 3)
	}
	point := map[Expr]int64{}
	var at int64
	var pins []Expr
	for i, x := range xs {
		v, seen := point[x]
		if !seen {
			lo, hi := x.Bounds()
			v = lo + rng.Int63n(hi-lo+1)
			if xv, ok := x.(*VarExpr); ok {
				d := m.InitialDomain(xv.V)
				v = d[rng.Intn(len(d))]
			}
			point[x] = v
			pins = append(pins, x)
		}
		at += coefs[i] * v
	}
	rhs := int64(rng.Intn(25) - 12)
	if rng.Intn(2) == 0 {
		rhs = at
	}
	if rng.Intn(3) == 0 {
		for _, x := range pins {
			if _, err := m.RequireLinear(nil, []Expr{x}, OpEq, point[x]); err != nil {
				panic(err)
			}
		}
	}
	g, err := NewLinearReif(coefs, xs, op, rhs, b)
	if err != nil {
		panic(err)
	}
	g.Imp = imp
	return g
}

func TestLinearReifGlobal(t *testing.T) {
	for _, op := range linReifOps {
		for _, imp := range []bool{false, true} {
			globalCheck{
				name:      fmt.Sprintf("linear_reif %v imp=%v", op, imp),
				instances: 60,
				make: func(rng *rand.Rand, m *Model) Global {
					return randomLinearReif(rng, m, op, imp)
				},
			}.run(t)
		}
	}
}

// The propagation is at least Gecode's (bounds reasoning): at the root,
// with the global alone, b is left open only when the bounds of the sum
// decide nothing, and once b is fixed the comparison it asks for is
// bounds(R) consistent: each bound of each variable is within the real
// solutions of the sum over the other variables' bounds.
func TestLinearReifStrength(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := range 3000 {
		op := linReifOps[rng.Intn(len(linReifOps))]
		m := NewModel()
		g := randomLinearReif(rng, m, op, rng.Intn(2) == 0)
		m.Post(g)
		doms := rootDomains(t, m)
		if doms == nil {
			continue
		}
		bounds := func(e Expr) (int64, int64) {
			if v, ok := e.(*VarExpr); ok {
				d := doms[v.V]
				return d[0], d[len(d)-1]
			}
			return e.Bounds()
		}
		blo, bhi := bounds(g.B)
		sumBounds := func(skip int) (lo, hi int64) {
			lo, hi = -g.RHS, -g.RHS
			for j, x := range g.X {
				if j == skip {
					continue
				}
				a, b := bounds(x)
				lo += min(g.Coefs[j]*a, g.Coefs[j]*b)
				hi += max(g.Coefs[j]*a, g.Coefs[j]*b)
			}
			return lo, hi
		}
		lo, hi := sumBounds(-1)
		what := fmt.Sprintf("instance %d: %v imp=%v coefs %v rhs %d, domains %v", i, g.Rel, g.Imp, g.Coefs, g.RHS, doms)
		if blo != bhi {
			holds, fails := hi <= 0, lo > 0
			if g.Rel != OpLe {
				holds, fails = lo == 0 && hi == 0, lo > 0 || hi < 0
				if g.Rel == OpNe {
					holds, fails = fails, holds
				}
			}
			if fails || holds && !g.Imp {
				t.Fatalf("%s: b open, but the sum's bounds %d..%d decide it", what, lo, hi)
			}
			continue
		}
		rel := g.Rel
		switch {
		case blo == 0 && g.Imp:
			continue
		case blo == 0 && rel == OpEq:
			continue // != is forward checking
		case blo == 0 && rel == OpNe:
			rel = OpEq
		case blo == 0: // not (s <= 0): -s <= -1, checked as s >= 1
			rel = OpGe
		}
		if rel == OpNe {
			continue
		}
		for j, x := range g.X {
			if _, ok := x.(*VarExpr); !ok || x == g.B {
				continue
			}
			rlo, rhi := sumBounds(j)
			a, b := bounds(x)
			for _, v := range []int64{a, b} {
				slo, shi := rlo+g.Coefs[j]*v, rhi+g.Coefs[j]*v
				ok := true
				switch rel {
				case OpLe:
					ok = slo <= 0
				case OpGe:
					ok = shi >= 1
				case OpEq:
					ok = slo <= 0 && shi >= 0
				}
				if !ok {
					t.Fatalf("%s: term %d keeps %d, which no sum over the other bounds %d..%d supports", what, j, v, rlo, rhi)
				}
			}
		}
	}
}

func TestLinearReifRefusesOverflow(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, math.MaxInt64/2)
	b, _ := m.NewVarRange("b", 0, 1)
	if _, err := NewLinearReif([]int64{3}, []Expr{m.Ref(x)}, OpLe, 0, m.Ref(b)); err == nil {
		t.Error("3·x over 0..2^62 accepted")
	}
	if _, err := NewLinearReif([]int64{1}, []Expr{m.Ref(x)}, OpGe, math.MinInt64, m.Ref(b)); err == nil {
		t.Error("x >= MinInt64 accepted: its negation overflows")
	}
	if _, err := NewLinearReif([]int64{1}, []Expr{m.Ref(x)}, OpLe, 0, m.Ref(x)); err == nil {
		t.Error("reified by a variable of 0..2^62 accepted")
	}
	if _, err := NewLinearReif([]int64{1}, []Expr{m.Ref(x)}, OpLe, 5, m.Ref(b)); err != nil {
		t.Errorf("x <= 5 over 0..2^62 refused: %v", err)
	}
}

// The constructor rewrites <, >= and > as <=: its Holds must still be
// the comparison it was given.
func TestLinearReifMeaning(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", -3, 3)
	y, _ := m.NewVarRange("y", -3, 3)
	b, _ := m.NewVarRange("b", 0, 1)
	for _, op := range linReifOps {
		for rhs := int64(-3); rhs <= 3; rhs++ {
			g, err := NewLinearReif([]int64{2, -1}, []Expr{m.Ref(x), m.Ref(y)}, op, rhs, m.Ref(b))
			if err != nil {
				t.Fatal(err)
			}
			for u := int64(-3); u <= 3; u++ {
				for v := int64(-3); v <= 3; v++ {
					want := compareValues(2*u-v, op, rhs)
					for bv := int64(0); bv <= 1; bv++ {
						if got := g.Holds([]int64{u, v, bv}); got != (bv == b2i(want)) {
							t.Fatalf("2·%d - %d %v %d with b=%d: Holds %v", u, v, op, rhs, bv, got)
						}
					}
				}
			}
		}
	}
}

// The propagators allocate nothing when they run: with b open, and with
// b fixed either way (the comparison or its negation enforced).
func TestReifGlobalsNoAlloc(t *testing.T) {
	for _, bv := range [][2]int64{{0, 1}, {1, 1}, {0, 0}} {
		for _, op := range linReifOps {
			m := NewModel()
			xs := make([]Expr, 3)
			for i := range xs {
				v, _ := m.NewVarRange(fmt.Sprint("x", i), -5, 5)
				xs[i] = m.Ref(v)
			}
			b, _ := m.NewVarRange("b", bv[0], bv[1])
			lin, err := NewLinearReif([]int64{2, -3, 1}, xs, op, 1, m.Ref(b))
			if err != nil {
				t.Fatal(err)
			}
			cmp, err := NewCompareReif(xs[0], op, xs[1], 2, m.Ref(b))
			if err != nil {
				t.Fatal(err)
			}
			cmp0, err := NewCompareReif(xs[1], op, xs[2], 0, m.Ref(b))
			if err != nil {
				t.Fatal(err)
			}
			m.Post(lin)
			m.Post(cmp)
			m.Post(cmp0)
			s, err := NewSolver(m, Options{Prop: PropAC})
			if err != nil {
				t.Fatal(err)
			}
			if !s.Propagate() {
				continue
			}
			runs := 0
			for _, p := range s.props {
				r, ok := p.(*globalRun)
				if !ok {
					continue
				}
				runs++
				if a := testing.AllocsPerRun(20, func() { r.p.propagate(&s.st, modeAC) }); a != 0 {
					t.Errorf("%s %v b in %v: %v allocations per run", r.g.Name(), op, bv, a)
				}
			}
			if runs != 3 {
				t.Fatalf("%v b in %v: %d global propagators, want 3", op, bv, runs)
			}
		}
	}
}
