package engine

import (
	"math"
	"math/rand"
	"testing"
)

// exprKit builds expressions over a model with variables x, y, z in
// -10..10, failing the test on constructor errors.
type exprKit struct {
	t       *testing.T
	m       *Model
	x, y, z Expr
}

func newExprKit(t *testing.T) *exprKit {
	m := NewModel()
	k := &exprKit{t: t, m: m}
	for i, r := range []*Expr{&k.x, &k.y, &k.z} {
		v, err := m.NewVarRange(string(rune('x'+i)), -10, 10)
		if err != nil {
			t.Fatal(err)
		}
		*r = m.Ref(v)
	}
	return k
}

func (k *exprKit) must(e Expr, err error) Expr {
	k.t.Helper()
	if err != nil {
		k.t.Fatal(err)
	}
	return e
}

func (k *exprKit) bin(op BinOp, a, b Expr) Expr { return k.must(NewBinary(op, a, b)) }
func (k *exprKit) un(op UnOp, a Expr) Expr      { return k.must(NewUnary(op, a)) }
func (k *exprKit) nary(op NaryOp, a ...Expr) Expr {
	return k.must(NewNary(op, a))
}
func c(v int64) Expr { return NewConst(v) }

// eval compiles e and evaluates it with x, y, z = vals.
func (k *exprKit) eval(e Expr, vals [3]int64) (int64, bool) {
	k.t.Helper()
	s := &Solver{m: k.m, n: int32(k.m.NumVars())}
	b := newBuilder(s)
	if err := b.checkExpr(e); err != nil {
		k.t.Fatal(err)
	}
	p := b.compile(e)
	for l, x := range p.vars {
		p.vals[l] = vals[x]
	}
	return p.eval(0)
}

func TestEvalSemantics(t *testing.T) {
	k := newExprKit(t)
	x, y, z := k.x, k.y, k.z
	div := k.bin(OpDiv, x, y)
	el := k.must(NewElement(x, 1, []Expr{c(10), c(20), y}))
	tests := []struct {
		name string
		e    Expr
		vals [3]int64
		want int64
		def  bool
	}{
		{"division truncates", div, [3]int64{-7, 2, 0}, -3, true},
		{"division by zero", div, [3]int64{7, 0, 0}, 0, false},
		{"modulo sign of dividend", k.bin(OpMod, x, y), [3]int64{-7, 3, 0}, -1, true},
		{"modulo negative divisor", k.bin(OpMod, x, y), [3]int64{7, -3, 0}, 1, true},
		{"modulo by zero", k.bin(OpMod, x, y), [3]int64{7, 0, 0}, 0, false},
		{"comparison absorbs undefined", k.bin(OpEq, div, c(2)), [3]int64{4, 0, 0}, 0, true},
		{"not (x/y = 2), y = 0", k.un(OpNot, k.bin(OpEq, div, c(2))), [3]int64{4, 0, 0}, 1, true},
		{"not (x/y = 2), defined", k.un(OpNot, k.bin(OpEq, div, c(2))), [3]int64{4, 2, 0}, 0, true},
		{"not of undefined number: not false", k.un(OpNot, div), [3]int64{4, 0, 0}, 1, true},
		{"(x/y = 2) or z = 1", k.bin(OpOr, k.bin(OpEq, div, c(2)), k.bin(OpEq, z, c(1))), [3]int64{4, 0, 1}, 1, true},
		{"(x/y = 2) or z = 1, z = 0", k.bin(OpOr, k.bin(OpEq, div, c(2)), k.bin(OpEq, z, c(1))), [3]int64{4, 0, 0}, 0, true},
		{"undefined operand of or is false", k.bin(OpOr, div, c(1)), [3]int64{4, 0, 0}, 1, true},
		{"undefined operand of or, other false", k.bin(OpOr, div, c(0)), [3]int64{4, 0, 0}, 0, true},
		{"undefined operand of and", k.bin(OpAnd, c(1), div), [3]int64{4, 0, 0}, 0, true},
		{"undefined operand of iff", k.bin(OpIff, c(0), div), [3]int64{4, 0, 0}, 1, true},
		{"false implies undefined", k.bin(OpImplies, c(0), div), [3]int64{4, 0, 0}, 1, true},
		{"true implies undefined", k.bin(OpImplies, c(1), div), [3]int64{4, 0, 0}, 0, true},
		{"undefined implies", k.bin(OpImplies, div, c(0)), [3]int64{4, 0, 0}, 1, true},
		{"undefined operand of or-list", k.nary(OpAny, c(1), div), [3]int64{4, 0, 0}, 1, true},
		{"undefined operand of and-list", k.nary(OpAll, c(1), div), [3]int64{4, 0, 0}, 0, true},
		{"lone undefined operand of or-list", k.nary(OpAny, div), [3]int64{4, 0, 0}, 0, true},
		{"sum propagates undefined", k.nary(OpSum, c(1), div), [3]int64{4, 0, 0}, 0, false},
		{"0 * undefined", k.bin(OpMul, c(0), div), [3]int64{4, 0, 0}, 0, false},
		{"neg propagates", k.un(OpNeg, div), [3]int64{4, 0, 0}, 0, false},
		{"if guards a division", NewIf(k.bin(OpNe, y, c(0)), div, c(0)), [3]int64{4, 0, 0}, 0, true},
		{"if takes the then branch", NewIf(k.bin(OpNe, y, c(0)), div, c(0)), [3]int64{4, 2, 0}, 2, true},
		{"if on an undefined condition takes else", NewIf(div, c(1), c(2)), [3]int64{4, 0, 0}, 2, true},
		{"element in range", el, [3]int64{2, 0, 0}, 20, true},
		{"element of a variable", el, [3]int64{3, -4, 0}, -4, true},
		{"element below range", el, [3]int64{0, 0, 0}, 0, false},
		{"element above range", el, [3]int64{4, 0, 0}, 0, false},
		{"in set", NewInSet(x, []int64{3, 1, 3}, false), [3]int64{3, 0, 0}, 1, true},
		{"not in set", NewInSet(x, []int64{3, 1}, true), [3]int64{2, 0, 0}, 1, true},
		{"in set of undefined", NewInSet(div, []int64{0}, false), [3]int64{1, 0, 0}, 0, true},
		{"not in set of undefined", NewInSet(div, []int64{0}, true), [3]int64{1, 0, 0}, 0, true},
		{"abs", k.un(OpAbs, x), [3]int64{-5, 0, 0}, 5, true},
		{"xor", k.bin(OpXor, x, y), [3]int64{3, 0, 0}, 1, true},
		{"iff", k.bin(OpIff, x, y), [3]int64{3, -2, 0}, 1, true},
		{"min", k.nary(OpMin, x, y, z), [3]int64{3, -2, 7}, -2, true},
		{"max", k.nary(OpMax, x, y, z), [3]int64{3, -2, 7}, 7, true},
		{"product", k.nary(OpProduct, x, y, z), [3]int64{3, -2, 7}, -42, true},
		{"empty product", k.nary(OpProduct), [3]int64{}, 1, true},
		{"empty and", k.nary(OpAll), [3]int64{}, 1, true},
		{"empty or", k.nary(OpAny), [3]int64{}, 0, true},
		{"and of numbers", k.nary(OpAll, x, y), [3]int64{3, -2, 0}, 1, true},
	}
	for _, tc := range tests {
		got, def := k.eval(tc.e, tc.vals)
		if def != tc.def || (def && got != tc.want) {
			t.Errorf("%s: got (%d, %v), want (%d, %v)", tc.name, got, def, tc.want, tc.def)
		}
	}
}

func TestBoundsOverflow(t *testing.T) {
	m := NewModel()
	v, _ := m.NewVarRange("big", math.MaxInt64-10, math.MaxInt64)
	w, _ := m.NewVarRange("neg", math.MinInt64, math.MinInt64+10)
	x := m.Ref(v)
	if _, err := NewBinary(OpAdd, x, NewConst(11)); err == nil {
		t.Error("x + 11 near MaxInt64 built")
	}
	if _, err := NewBinary(OpMul, x, NewConst(2)); err == nil {
		t.Error("2x near MaxInt64 built")
	}
	if _, err := NewUnary(OpAbs, m.Ref(w)); err == nil {
		t.Error("abs(MinInt64) built")
	}
	if _, err := NewBinary(OpDiv, m.Ref(w), NewConst(-1)); err == nil {
		t.Error("MinInt64 / -1 built")
	}
	if _, err := NewBinary(OpDiv, x, NewConst(0)); err != ErrUndefinedAlways {
		t.Errorf("x / 0: %v", err)
	}
	// An index that can never fall among the items: undefined everywhere.
	if _, err := NewElement(NewConst(5), 1, []Expr{c(1)}); err != ErrUndefinedAlways {
		t.Errorf("[1][5]: %v", err)
	}
	if _, err := NewElement(m.Ref(w), math.MaxInt64-1, []Expr{c(1), c(2), c(3)}); err != ErrUndefinedAlways {
		t.Errorf("an index near MinInt64 into items based near MaxInt64: %v", err)
	}
	if _, err := NewElement(x, math.MaxInt64-10, []Expr{c(1), c(2)}); err != nil {
		t.Errorf("an index that can hit the first item: %v", err)
	}
	if e, err := NewBinary(OpSub, x, NewConst(10)); err != nil {
		t.Error(err)
	} else if lo, hi := e.Bounds(); lo != math.MaxInt64-20 || hi != math.MaxInt64-10 {
		t.Errorf("bounds %d..%d", lo, hi)
	}
}

func TestArith(t *testing.T) {
	tests := []struct {
		name string
		f    func(a, b int64) (int64, bool)
		a, b int64
		want int64
		ok   bool
	}{
		{"add", AddInt, math.MaxInt64, 1, 0, false},
		{"add", AddInt, math.MinInt64, -1, 0, false},
		{"add", AddInt, -5, 3, -2, true},
		{"sub", SubInt, math.MinInt64, 1, 0, false},
		{"sub", SubInt, 0, math.MinInt64, 0, false},
		{"sub", SubInt, -1, math.MinInt64, math.MaxInt64, true},
		{"mul", MulInt, math.MinInt64, 1, math.MinInt64, true},
		{"mul", MulInt, math.MinInt64, -1, 0, false},
		{"mul", MulInt, 1 << 32, 1 << 31, 0, false},
		{"mul", MulInt, -(1 << 32), 1 << 31, math.MinInt64, true},
		{"div", DivInt, -7, 2, -3, true},
		{"div", DivInt, math.MinInt64, -1, 0, false},
		{"div", DivInt, 1, 0, 0, false},
		{"mod", ModInt, -7, 2, -1, true},
		{"mod", ModInt, math.MinInt64, -1, 0, true},
		{"mod", ModInt, 1, 0, 0, false},
		{"pow", PowInt, 2, 62, 1 << 62, true},
		{"pow", PowInt, 2, 63, 0, false},
		{"pow", PowInt, -2, 63, math.MinInt64, true},
		{"pow", PowInt, -1, 4, 1, true},
		{"pow", PowInt, -1, 5, -1, true},
	}
	for _, tc := range tests {
		got, ok := tc.f(tc.a, tc.b)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("%s(%d, %d) = %d, %v; want %d, %v", tc.name, tc.a, tc.b, got, ok, tc.want, tc.ok)
		}
	}
}

// Eval agrees with the brute-force test's reference evaluator.
func TestEvalAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for range 300 {
		rm := randomModel(rng)
		g := &gen{rng: rng, rm: rm}
		e := g.num(4)
		a := make([]int64, rm.m.NumVars())
		for range 20 {
			for x := range a {
				d := rm.m.InitialDomain(Var(x))
				a[x] = d[rng.Intn(len(d))]
			}
			got, gok := Eval(e, func(v Var) int64 { return a[v] })
			want, wok := refEval(e, a)
			if gok != wok || gok && got != want {
				t.Fatalf("Eval = %d, %v; reference %d, %v", got, gok, want, wok)
			}
		}
	}
	if _, ok := Eval(nil, nil); ok {
		t.Error("Eval(nil) is defined")
	}
	if v, ok := Eval(NewConst(3), nil); !ok || v != 3 {
		t.Error("Eval(3)")
	}
}
