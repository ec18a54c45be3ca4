package engine

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// randomCompareReif draws b <-> x op y + c over small variables, now and
// then with a constant side, the same variable twice, b fixed or
// constant, or (with bSide) b one of the sides; c is 0 when zero is set. A third of
// the time x and y are pinned to random values (each one most of the time), so that with b fixed
// some instances have no solution.
func randomCompareReif(rng *rand.Rand, m *Model, op BinOp, imp, zero, bSide bool) *CompareReif {
	xs := randomVars(rng, m, "x", 2, -3, 3)
	switch rng.Intn(8) {
	case 0:
		xs[rng.Intn(2)] = NewConst(int64(rng.Intn(7) - 3))
	case 1:
		xs[1] = xs[0]
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
		if bSide && rng.Intn(3) == 0 {
			xs[rng.Intn(2)] = b
		}
	}
	var c int64
	if !zero {
		c = int64(rng.Intn(5) - 2)
	}
	if rng.Intn(3) == 0 {
		for _, x := range xs {
			if v, ok := x.(*VarExpr); ok && !strings.HasPrefix(m.VarName(v.V), "b") && rng.Intn(3) > 0 {
				d := m.InitialDomain(v.V)
				if _, err := m.RequireLinear(nil, []Expr{x}, OpEq, d[rng.Intn(len(d))]); err != nil {
					panic(err)
				}
			}
		}
	}
	g, err := NewCompareReif(xs[0], op, xs[1], c, b)
	if err != nil {
		panic(err)
	}
	g.Imp = imp
	return g
}

// The reified <= is domain consistent (bounds are supports); = and !=
// are on x and y when c is 0 (the domains are intersected), and bounds
// consistent otherwise.
func TestCompareReifGlobal(t *testing.T) {
	for _, op := range linReifOps {
		for _, imp := range []bool{false, true} {
			for _, zero := range []bool{false, true} {
				c := globalCheck{
					name:      fmt.Sprintf("compare_reif %v imp=%v c=0 %v", op, imp, zero),
					instances: 40,
					make: func(rng *rand.Rand, m *Model) Global {
						return randomCompareReif(rng, m, op, imp, zero, false)
					},
				}
				switch {
				case op != OpEq && op != OpNe:
					c.dc = true
				case zero:
					c.dc, c.dcVar = true, func(name string) bool { return name != "b" }
				}
				c.run(t)
			}

			// b <-> b <= x and the like: LinearReif's bounds reasoning
			globalCheck{
				name:      fmt.Sprintf("compare_reif %v imp=%v b a side", op, imp),
				instances: 40,
				make: func(rng *rand.Rand, m *Model) Global {
					return randomCompareReif(rng, m, op, imp, false, true)
				},
			}.run(t)
		}
	}
}

// With b open at the root, the bounds of x and y (and, for = and !=, a
// fixed side's value) decide nothing; with b forcing = for c != 0, the
// bounds of x and y are those of y + c and x - c.
func TestCompareReifStrength(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for i := range 3000 {
		op := linReifOps[rng.Intn(len(linReifOps))]
		m := NewModel()
		g := randomCompareReif(rng, m, op, rng.Intn(2) == 0, false, true)
		m.Post(g)
		doms := rootDomains(t, m)
		if doms == nil {
			continue
		}
		dom := func(e Expr) []int64 {
			if v, ok := e.(*VarExpr); ok {
				return doms[v.V]
			}
			return []int64{e.(*Const).V}
		}
		dx, dy, db := dom(g.X), dom(g.Y), dom(g.B)
		xlo, xhi, ylo, yhi := dx[0], dx[len(dx)-1], dy[0]+g.C, dy[len(dy)-1]+g.C
		what := fmt.Sprintf("instance %d: x %v y %v c %d b %v imp=%v", i, g.Rel, dx, g.C, db, g.Imp)
		if len(db) == 2 {
			holds, fails := xhi <= ylo, xlo > yhi
			if g.Rel != OpLe {
				fails = xhi < ylo || xlo > yhi ||
					len(dx) == 1 && !contains(dy, xlo-g.C) || len(dy) == 1 && !contains(dx, ylo)
				holds = len(dx) == 1 && len(dy) == 1 && xlo == ylo
				if g.Rel == OpNe {
					holds, fails = fails, holds
				}
			}
			if fails || holds && !g.Imp {
				t.Fatalf("%s: b open, but the domains decide it", what)
			}
			continue
		}
		if g.Rel == OpEq && db[0] == 1 || g.Rel == OpNe && db[0] == 0 && !g.Imp {
			if xlo != ylo || xhi != yhi {
				t.Fatalf("%s: = is enforced, but the bounds differ", what)
			}
		}
	}
}

func contains(vs []int64, v int64) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func TestCompareReifRefusesOverflow(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, math.MaxInt64/2)
	y, _ := m.NewVarRange("y", -math.MaxInt64/2, 0)
	b, _ := m.NewVarRange("b", 0, 1)
	if _, err := NewCompareReif(m.Ref(x), OpLe, m.Ref(y), 10, m.Ref(b)); err == nil {
		t.Error("x <= y + 10 over ±2^62 accepted")
	}
	if _, err := NewCompareReif(m.Ref(x), OpGt, m.Ref(x), math.MinInt64, m.Ref(b)); err == nil {
		t.Error("a constant of MinInt64 accepted")
	}
	if _, err := NewCompareReif(m.Ref(x), OpEq, m.Ref(b), 0, m.Ref(x)); err == nil {
		t.Error("reified by a variable of 0..2^62 accepted")
	}
}

// The constructor rewrites <, >= and > as <=: its Holds must still be
// the comparison it was given.
func TestCompareReifMeaning(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", -3, 3)
	y, _ := m.NewVarRange("y", -3, 3)
	b, _ := m.NewVarRange("b", 0, 1)
	for _, op := range linReifOps {
		for c := int64(-2); c <= 2; c++ {
			g, err := NewCompareReif(m.Ref(x), op, m.Ref(y), c, m.Ref(b))
			if err != nil {
				t.Fatal(err)
			}
			for u := int64(-3); u <= 3; u++ {
				for v := int64(-3); v <= 3; v++ {
					want := compareValues(u, op, v+c)
					for bv := int64(0); bv <= 1; bv++ {
						vals := []int64{u, v}
						if g.X.(*VarExpr).V == y { // swapped
							vals = []int64{v, u}
						}
						if got := g.Holds(append(vals, bv)); got != (bv == b2i(want)) {
							t.Fatalf("x=%d %v y=%d + %d with b=%d: Holds %v", u, op, v, c, bv, got)
						}
					}
				}
			}
		}
	}
}

func compareValues(a int64, op BinOp, b int64) bool {
	switch op {
	case OpEq:
		return a == b
	case OpNe:
		return a != b
	case OpLt:
		return a < b
	case OpLe:
		return a <= b
	case OpGt:
		return a > b
	}
	return a >= b
}
