package engine

import (
	"fmt"
	"math"
	"math/rand"
	"sync/atomic"
	"testing"
)

// Linear comparisons whose magnitudes add up past 64 bits (wideLinear)
// against brute force: variables declared over ranges that reach ±2^62,
// restricted to a few values near the ends, compared two by two, with
// constants at the sums of those values. Without the 128-bit propagator
// such a model crept through the 2^62 values of a split domain.
func TestWideLinearNearLimits(t *testing.T) {
	rng := rand.New(rand.NewSource(62))
	const e62 = int64(1) << 62
	decls := [][2]int64{{0, e62}, {-e62, 0}, {-e62, e62 - 2}, {1, e62}}
	models := 200
	if testing.Short() {
		models = 40
	}
	wide := 0
	for i := range models {
		rm := &randModel{m: NewModel()}
		for v := range 2 + rng.Intn(2) {
			d := decls[rng.Intn(len(decls))]
			x, err := rm.m.NewVarRange(fmt.Sprint("x", v), d[0], d[1])
			if err != nil {
				t.Fatal(err)
			}
			ref := rm.m.Ref(x)
			rm.refs = append(rm.refs, ref)
			end := []int64{d[0], d[1] - 4}[rng.Intn(2)]
			var vs []int64
			for w := end; w <= end+4; w++ {
				if rng.Intn(3) > 0 || w == end {
					vs = append(vs, w)
				}
			}
			rm.small = append(rm.small, vs)
			rm.m.Require(NewInSet(ref, vs, false))
		}
		for range 1 + rng.Intn(3) {
			a, b := rng.Intn(len(rm.refs)), rng.Intn(len(rm.refs))
			if a == b {
				continue
			}
			op := []BinOp{OpEq, OpNe, OpLe, OpLt, OpGe, OpGt}[rng.Intn(6)]
			// x ± y op c, c a sum or difference of values x and y may take.
			sumOp, k := OpAdd, rm.small[a][rng.Intn(len(rm.small[a]))]
			other := rm.small[b][rng.Intn(len(rm.small[b]))]
			if rng.Intn(2) == 0 {
				sumOp = OpSub
			}
			c, ok := AddInt(k, other)
			if sumOp == OpSub {
				c, ok = SubInt(k, other)
			}
			if !ok {
				continue
			}
			c += int64(rng.Intn(3) - 1)
			lhs, err := NewBinary(sumOp, rm.refs[a], rm.refs[b])
			if err != nil {
				continue // the bounds of x ± y overflow: refused
			}
			e, err := NewBinary(op, lhs, NewConst(c))
			if err != nil {
				t.Fatal(err)
			}
			if b := (&builder{s: &Solver{m: rm.m}}); b != nil {
				if p, fits := b.linearAny(e); p != nil && !fits {
					wide++
				}
			}
			rm.m.Require(e)
			rm.checks = append(rm.checks, func(v []int64) bool { r, ok := refEval(e, v); return ok && r != 0 })
			rm.desc = append(rm.desc, fmt.Sprintf("x%d %v x%d %v %d", a, sumOp, b, op, c))
		}
		want := rm.enumerate()
		for _, o := range append(allOptions(), Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC}) {
			name := fmt.Sprintf("model %d %v options %+v", i, rm.desc, o)
			s, err := NewSolver(rm.m, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkSolutionSet(t, name, s, rm, want)
		}
	}
	if wide < models/2 {
		t.Errorf("only %d constraints went past 64 bits: the test checks little", wide)
	}
}

// The 128-bit arithmetic at its edges.
func TestDiv128(t *testing.T) {
	for _, c := range []struct {
		n    i128
		d    int64
		ceil bool
		q    int64
		over int
	}{
		{i128From(7), 2, false, 3, 0},
		{i128From(7), 2, true, 4, 0},
		{i128From(-7), 2, false, -4, 0},
		{i128From(-7), 2, true, -3, 0},
		{i128From(7), -2, false, -4, 0},
		{i128From(-7), -2, true, 4, 0},
		{mul128(math.MaxInt64, 2), 2, false, math.MaxInt64, 0},
		{mul128(math.MaxInt64, 2).add(i128From(2)), 2, false, 0, 1},
		{mul128(math.MinInt64, 2), 2, false, math.MinInt64, 0},
		{mul128(math.MinInt64, 2).sub(i128From(1)), 2, false, 0, -1},
		{mul128(math.MinInt64, 2).sub(i128From(1)), 2, true, math.MinInt64, 0},
		{mul128(math.MinInt64, math.MinInt64), 1, false, 0, 1},
		{mul128(math.MinInt64, math.MaxInt64), -1, true, 0, 1},
	} {
		q, over := div128(c.n, c.d, c.ceil)
		if q != c.q || over != c.over {
			t.Errorf("div128(%+v, %d, ceil %v) = %d, %d; want %d, %d", c.n, c.d, c.ceil, q, over, c.q, c.over)
		}
	}
}

// Near the limits the search finds an equation's solution in a few
// dozen splits instead of creeping through 2^62 values (under PropAC:
// forward checking tries the values of x one by one on any domain, as
// the course wants): each model must
// be solved before the first progress report (a few thousand nodes),
// which stops the search.
func TestWideLinearConverges(t *testing.T) {
	const e62 = int64(1) << 62
	for _, c := range []struct {
		name     string
		xlo, xhi int64
		ylo, yhi int64
		coef, k  int64 // x + coef·y = k
		xMin     int64 // x >= xMin
		wantX    int64 // -1: any solution
	}{
		{"x + y = 1 over 0..2^62 and -2^62..0", 0, e62, -e62, 0, 1, 1, 1 << 60, -1},
		{"x + y = 5 over -2^62..2^62-2 and 0..2^62", -e62, e62 - 2, 0, e62, 1, 5, -e62, -1},
		{"x - y = 2^62 - 5 over 0..2^62, x >= 2^61", 0, e62, 0, e62, -1, e62 - 5, 1 << 61, -1},
	} {
		for _, o := range []Options{Default(), {Order: OrderInput, Values: ValueSplit, Prop: PropAC}, {Order: OrderDomWdeg, Values: ValueSplitMax, Prop: PropAC}} {
			m := NewModel()
			x, _ := m.NewVarRange("x", c.xlo, c.xhi)
			y, _ := m.NewVarRange("y", c.ylo, c.yhi)
			cy, err := NewBinary(OpMul, NewConst(c.coef), m.Ref(y))
			if err != nil {
				t.Fatal(err)
			}
			sum, err := NewBinary(OpAdd, m.Ref(x), cy)
			if err != nil {
				t.Fatal(err)
			}
			eq, _ := NewBinary(OpEq, sum, NewConst(c.k))
			m.Require(eq)
			ge, _ := NewBinary(OpGe, m.Ref(x), NewConst(c.xMin))
			m.Require(ge)
			var stop atomic.Bool
			o.StopFlag = &stop
			o.Progress = func(Stats) { stop.Store(true) }
			s := newSolver(t, m, o)
			if st := s.Next(); st != Solution {
				t.Errorf("%s, %+v: %v after %d nodes", c.name, o, st, s.Stats().Nodes)
				continue
			}
			if vx, vy := s.Value(x), s.Value(y); vx+c.coef*vy != c.k || vx < c.xMin {
				t.Errorf("%s: x = %d, y = %d", c.name, vx, vy)
			}
		}
	}
}
