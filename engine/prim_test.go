package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// The primitives of flattening, one at a time: random instances of
// z = f(args) over domains with holes, small and wide, each posted as a
// root equality (which flattening gives the primitive with z as its
// result) and left to the primitive alone (flatOnly). After the root
// propagation, checked against brute force:
//
//   - soundness: every solution's values are still there, and the
//     propagation fails only without solutions;
//   - the consistency the primitive claims, literally: domain
//     consistency (each value left is part of a solution within the
//     domains left) where it enumerates, and its bounds claim otherwise;
//   - the search: the solutions it finds are exactly the brute force's.

// primCase is one operator under test.
type primCase struct {
	name  string
	arity int // operands before the result
	build func(args []Expr) (Expr, error)
	eval  func(a []int64) (int64, bool)
	// wide checks the primitive's claim when it reasons on bounds: it
	// gets the domains after propagation (operands, then the result) and
	// the solutions within them.
	wide func(t *testing.T, name string, pc primCase, doms [][]int64, sols [][]int64)
}

func primCases() []primCase {
	bin := func(op BinOp) func(args []Expr) (Expr, error) {
		return func(args []Expr) (Expr, error) { return NewBinary(op, args[0], args[1]) }
	}
	return []primCase{
		{name: "times", arity: 2, build: bin(OpMul), eval: func(a []int64) (int64, bool) { return a[0] * a[1], true }, wide: realBoundsTimes},
		{name: "divide", arity: 2, build: bin(OpDiv), eval: func(a []int64) (int64, bool) { return DivInt(a[0], a[1]) }, wide: resultBounds},
		{name: "modulo", arity: 2, build: bin(OpMod), eval: func(a []int64) (int64, bool) { return ModInt(a[0], a[1]) }, wide: moduloBounds},
		{name: "abs", arity: 1, build: func(a []Expr) (Expr, error) { return NewUnary(OpAbs, a[0]) },
			eval: func(a []int64) (int64, bool) { return max(a[0], -a[0]), true }, wide: intBounds},
		{name: "square", arity: 1, build: func(a []Expr) (Expr, error) { return NewBinary(OpMul, a[0], a[0]) },
			eval: func(a []int64) (int64, bool) { return a[0] * a[0], true }, wide: domainBounds},
		{name: "cube", arity: 1, build: func(a []Expr) (Expr, error) { return NewNary(OpProduct, []Expr{a[0], a[0], a[0]}) },
			eval: func(a []int64) (int64, bool) { return a[0] * a[0] * a[0], true }, wide: domainBounds},
		{name: "min", arity: 3, build: func(a []Expr) (Expr, error) { return NewNary(OpMin, a) },
			eval: func(a []int64) (int64, bool) { return slices.Min(a), true }, wide: intBounds},
		{name: "max", arity: 3, build: func(a []Expr) (Expr, error) { return NewNary(OpMax, a) },
			eval: func(a []int64) (int64, bool) { return slices.Max(a), true }, wide: intBounds},
		{name: "ifthen", arity: 3, build: func(a []Expr) (Expr, error) {
			c, err := NewBinary(OpGt, a[0], NewConst(0))
			if err != nil {
				return nil, err
			}
			return NewIf(c, a[1], a[2]), nil
		}, eval: func(a []int64) (int64, bool) {
			if a[0] > 0 {
				return a[1], true
			}
			return a[2], true
		}, wide: intBounds},
		{name: "ifthen of one", arity: 1, build: func(a []Expr) (Expr, error) {
			c, err := NewBinary(OpGt, a[0], NewConst(2))
			if err != nil {
				return nil, err
			}
			t, err := NewBinary(OpMul, NewConst(3), a[0])
			if err != nil {
				return nil, err
			}
			if t, err = NewBinary(OpSub, t, NewConst(5)); err != nil {
				return nil, err
			}
			e, err := NewBinary(OpMul, a[0], a[0])
			if err != nil {
				return nil, err
			}
			return NewIf(c, t, e), nil
		}, eval: func(a []int64) (int64, bool) {
			if a[0] > 2 {
				return 3*a[0] - 5, true
			}
			return a[0] * a[0], true
		}},
		{name: "reified <=", arity: 2, build: bin(OpLe), eval: func(a []int64) (int64, bool) { return refBool(a[0] <= a[1]), true }, wide: intBounds},
		{name: "reified =", arity: 2, build: bin(OpEq), eval: func(a []int64) (int64, bool) { return refBool(a[0] == a[1]), true }, wide: intBounds},
		{name: "reified !=", arity: 2, build: bin(OpNe), eval: func(a []int64) (int64, bool) { return refBool(a[0] != a[1]), true }, wide: intBounds},
		{name: "member", arity: 1, build: func(a []Expr) (Expr, error) { return NewInSet(a[0], []int64{-3, 1, 2, 8, 40}, false), nil },
			eval: func(a []int64) (int64, bool) { return refBool(slices.Contains([]int64{-3, 1, 2, 8, 40}, a[0])), true }, wide: intBounds},
		{name: "and", arity: 2, build: func(a []Expr) (Expr, error) {
			return NewBinary(OpAnd, NewInSet(a[0], []int64{0, 1, 2}, false), NewInSet(a[1], []int64{-1, 3}, true))
		}, eval: func(a []int64) (int64, bool) { return refBool(a[0] >= 0 && a[0] <= 2 && a[1] != -1 && a[1] != 3), true }},
		{name: "or", arity: 3, build: func(a []Expr) (Expr, error) {
			x, err := NewBinary(OpLt, a[0], a[1])
			if err != nil {
				return nil, err
			}
			y, err := NewBinary(OpGt, a[2], NewConst(0))
			if err != nil {
				return nil, err
			}
			return NewBinary(OpOr, x, y)
		}, eval: func(a []int64) (int64, bool) { return refBool(a[0] < a[1] || a[2] > 0), true }},
		{name: "lookup", arity: 4, build: func(a []Expr) (Expr, error) { return NewElement(a[0], 1, a[1:]) },
			eval: func(a []int64) (int64, bool) {
				if a[0] < 1 || a[0] > 3 {
					return 0, false
				}
				return a[a[0]], true
			}, wide: indexDomain},
	}
}

// primDomain returns a random domain: a range of the given span with
// about a tenth of its values missing.
func primDomain(rng *rand.Rand, span int) []int64 {
	lo := int64(rng.Intn(span+1) - span/2)
	var vs []int64
	for v := lo; v < lo+int64(span); v++ {
		if v == lo || rng.Intn(10) > 0 {
			vs = append(vs, v)
		}
	}
	return vs
}

func TestPrimitives(t *testing.T) {
	defer func(f bool) { flatOnly = f }(flatOnly)
	flatOnly = true
	rng := rand.New(rand.NewSource(7))
	instances := 150
	if testing.Short() {
		instances = 40
	}
	for _, pc := range primCases() {
		for i := range instances {
			spans := []int{3 + rng.Intn(8), 34 + rng.Intn(60)}
			if pc.arity >= 3 {
				spans[1] = 20 + rng.Intn(20)
			}
			if pc.arity == 1 {
				spans[1] = 300 + rng.Intn(300) // past smallDomain: bounds
			}
			span := spans[i%2]
			doms := make([][]int64, pc.arity+1)
			for k := range doms {
				doms[k] = primDomain(rng, span)
			}
			if (pc.name == "square" || pc.name == "cube") && i%2 == 1 {
				doms[1] = powerDomain(rng, doms[0], pc.eval)
			}
			if pc.name == "lookup" {
				doms[0] = primDomain(rng, 6) // the index, around 1..3
			}
			if pc.name == "ifthen" && i%4 >= 2 {
				doms[0] = []int64{0, 1}
			}
			checkPrim(t, fmt.Sprintf("%s instance %d", pc.name, i), pc, doms, i%2 == 1)
		}
	}
}

// powerDomain returns a result domain for z = f(x) over the domain xs:
// most of the values f takes on xs, ends included or not, and a few it
// does not take, so that its bounds are those of a wide x's image, not
// the small span of x itself.
func powerDomain(rng *rand.Rand, xs []int64, f func(a []int64) (int64, bool)) []int64 {
	var vs []int64
	for _, v := range xs {
		w, _ := f([]int64{v})
		if rng.Intn(5) > 0 {
			vs = append(vs, w)
		}
		if rng.Intn(10) == 0 {
			vs = append(vs, w+1)
		}
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// checkPrim builds z = f(args) over doms (the result's last) and checks
// the root propagation and the search against brute force.
func checkPrim(t *testing.T, name string, pc primCase, doms [][]int64, wide bool) {
	t.Helper()
	m := NewModel()
	var refs []Expr
	for k, d := range doms {
		x, err := m.NewVar(fmt.Sprintf("v%d", k), d)
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, m.Ref(x))
	}
	e, err := pc.build(refs[:pc.arity])
	if err != nil {
		return // an overflow or an undefined expression: nothing to test
	}
	c, err := NewBinary(OpEq, e, refs[pc.arity])
	if err != nil {
		return
	}
	m.Require(c)
	sols := primSolutions(doms, pc.eval)
	name = fmt.Sprintf("%s: %s", name, modelText(m))
	s, err := NewSolver(m, Options{Prop: PropAC, Order: OrderInput})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !s.Propagate() {
		if len(sols) > 0 {
			t.Fatalf("%s: propagation failed, but %v is a solution", name, sols[0])
		}
		return
	}
	left := make([][]int64, len(doms))
	for k := range doms {
		left[k] = s.Domain(Var(k))
	}
	for _, a := range sols {
		for k, v := range a {
			if !slices.Contains(left[k], v) {
				t.Fatalf("%s: propagation removed %d from v%d, which solution %v uses; left %v", name, v, k, a, left)
			}
		}
	}
	within := primSolutions(left, pc.eval)
	if !wide {
		for k, d := range left {
			for _, v := range d {
				if !slices.ContainsFunc(within, func(a []int64) bool { return a[k] == v }) {
					t.Fatalf("%s: not domain consistent: %d of v%d has no support; left %v", name, v, k, left)
				}
			}
		}
	} else if pc.wide != nil {
		pc.wide(t, name, pc, left, within)
	}
	n := 0
	for s.Next() == Solution {
		n++
	}
	if n != len(sols) {
		t.Fatalf("%s: %d solutions, want %d", name, n, len(sols))
	}
}

// primSolutions enumerates the tuples of doms with result = f(operands).
func primSolutions(doms [][]int64, f func(a []int64) (int64, bool)) [][]int64 {
	k := len(doms) - 1
	var out [][]int64
	a := make([]int64, k)
	var rec func(i int)
	rec = func(i int) {
		if i == k {
			if v, ok := f(a); ok && slices.Contains(doms[k], v) {
				out = append(out, append(slices.Clone(a), v))
			}
			return
		}
		for _, v := range doms[i] {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// intBounds checks bounds consistency over the integers: each bound of
// each variable is part of a solution whose other values lie within the
// others' bounds (holes aside).
func intBounds(t *testing.T, name string, pc primCase, doms [][]int64, _ [][]int64) {
	t.Helper()
	for k, d := range doms {
		for _, v := range []int64{d[0], d[len(d)-1]} {
			if !boundSupport(pc, doms, k, v) {
				t.Fatalf("%s: not bounds consistent: bound %d of v%d has no support within the bounds; left %v", name, v, k, doms)
			}
		}
	}
}

// domainBounds checks bounds consistency on the domains: the least and
// greatest value of each variable is part of a solution within the
// domains left, holes included.
func domainBounds(t *testing.T, name string, _ primCase, doms [][]int64, sols [][]int64) {
	t.Helper()
	for k, d := range doms {
		for _, v := range []int64{d[0], d[len(d)-1]} {
			if !slices.ContainsFunc(sols, func(a []int64) bool { return a[k] == v }) {
				t.Fatalf("%s: not bounds consistent on the domains: bound %d of v%d has no support; left %v", name, v, k, doms)
			}
		}
	}
}

// boundSupport reports whether some solution has v at position k and its
// other values within the bounds of doms.
func boundSupport(pc primCase, doms [][]int64, k int, v int64) bool {
	n := len(doms) - 1
	a := make([]int64, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			r, ok := pc.eval(a)
			z := doms[n]
			return ok && r >= z[0] && r <= z[len(z)-1] && (k != n || r == v)
		}
		if i == k {
			a[i] = v
			return rec(i + 1)
		}
		d := doms[i]
		for w := d[0]; w <= d[len(d)-1]; w++ {
			a[i] = w
			if rec(i + 1) {
				return true
			}
		}
		return false
	}
	return rec(0)
}

// realBoundsTimes checks z = x·y for bounds consistency over the reals:
// each bound of each variable is x·y = z for reals within the others'
// bounds.
func realBoundsTimes(t *testing.T, name string, _ primCase, doms [][]int64, _ [][]int64) {
	t.Helper()
	lo := func(k int) int64 { return doms[k][0] }
	hi := func(k int) int64 { return doms[k][len(doms[k])-1] }
	for k := range 3 {
		for _, v := range []int64{lo(k), hi(k)} {
			ok := false
			switch k {
			case 2: // z = v: within the products of the bounds
				a, b := mulRange(lo(0), hi(0), lo(1), hi(1))
				ok = a <= v && v <= b
			default: // v·[other] meets [z]
				o := 1 - k
				a, b := mulRange(v, v, lo(o), hi(o))
				ok = a <= hi(2) && lo(2) <= b
			}
			if !ok {
				t.Fatalf("%s: not bounds consistent over the reals: bound %d of v%d; left %v", name, v, k, doms)
			}
		}
	}
}

// resultBounds checks that the result's bounds are supported within the
// operands' bounds (integers, a divisor not 0).
func resultBounds(t *testing.T, name string, pc primCase, doms [][]int64, _ [][]int64) {
	t.Helper()
	z := doms[len(doms)-1]
	for _, v := range []int64{z[0], z[len(z)-1]} {
		if !boundSupport(pc, doms, len(doms)-1, v) {
			t.Fatalf("%s: result bound %d has no support within the bounds; left %v", name, v, doms)
		}
	}
}

// moduloBounds checks that x's bounds are supported within the bounds
// of the others once y is fixed.
func moduloBounds(t *testing.T, name string, pc primCase, doms [][]int64, _ [][]int64) {
	t.Helper()
	if len(doms[1]) > 1 {
		return
	}
	x := doms[0]
	for _, v := range []int64{x[0], x[len(x)-1]} {
		if !boundSupport(pc, doms, 0, v) {
			t.Fatalf("%s: bound %d of x has no support within the bounds; left %v", name, v, doms)
		}
	}
}

// indexDomain checks domain consistency on the index of a lookup.
func indexDomain(t *testing.T, name string, _ primCase, doms [][]int64, sols [][]int64) {
	t.Helper()
	for _, v := range doms[0] {
		if !slices.ContainsFunc(sols, func(a []int64) bool { return a[0] == v }) {
			t.Fatalf("%s: index value %d has no support; left %v", name, v, doms)
		}
	}
}
