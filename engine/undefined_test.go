package engine

import (
	"math/rand"
	"testing"
)

// MayBeUndefined never says false of an expression that is undefined
// somewhere, and Defined, Strict and Truth mean what they say, over every
// assignment of random models' variables.
func TestUndefinedHelpers(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := range 400 {
		rm := randomModel(rng)
		g := &gen{rng: rng, rm: rm}
		e, r := g.num(3), g.num(1)
		defined, strict, truth := Defined(e), Strict(r, e), Truth(e)
		may := MayBeUndefined(e)
		everywhere(rm.m, func(a []int64) {
			v, ok := refEval(e, a)
			if !ok && !may {
				t.Fatalf("model %d: %v undefined at %v, but MayBeUndefined says no", i, e, a)
			}
			if d, _ := refEval(defined, a); d != refBool(ok) {
				t.Fatalf("model %d: Defined = %d at %v, defined %v", i, d, a, ok)
			}
			rv, rok := refEval(r, a)
			if sv, sok := refEval(strict, a); sok != (ok && rok) || sok && sv != rv {
				t.Fatalf("model %d: Strict = %d, %v at %v; want %d, %v", i, sv, sok, a, rv, ok && rok)
			}
			if tv, tok := refEval(truth, a); !tok || tv != refBool(ok && v != 0) {
				t.Fatalf("model %d: Truth = %d, %v at %v; want %d", i, tv, tok, a, refBool(ok && v != 0))
			}
		})
	}
}

func TestMayBeUndefined(t *testing.T) {
	k := newExprKit(t)
	x, y := k.x, k.y
	pos, _ := NewBinary(OpAdd, k.un(OpAbs, y), c(1)) // 1..11
	tests := []struct {
		name string
		e    Expr
		want bool
	}{
		{"variable", x, false},
		{"x / y, y holds 0", k.bin(OpDiv, x, y), true},
		{"x % (|y| + 1)", k.bin(OpMod, x, pos), false},
		{"x / y = 1: a comparison", k.bin(OpEq, k.bin(OpDiv, x, y), c(1)), false},
		{"not (x / y)", k.un(OpNot, k.bin(OpDiv, x, y)), false},
		{"sum with x / y", k.nary(OpSum, x, k.bin(OpDiv, x, y)), true},
		{"element, index in range", k.must(NewElement(x, -10, make21(x))), false},
		{"element, index out of range", k.must(NewElement(x, 0, make21(x))), true},
		{"if with an undefined branch", NewIf(x, k.bin(OpDiv, x, y), c(0)), true},
		{"if with an undefined condition", NewIf(k.bin(OpDiv, x, y), x, c(0)), false},
	}
	for _, tc := range tests {
		if got := MayBeUndefined(tc.e); got != tc.want {
			t.Errorf("%s: MayBeUndefined = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func make21(e Expr) []Expr {
	items := make([]Expr, 21)
	for i := range items {
		items[i] = e
	}
	return items
}

// everywhere calls f with every assignment of m's initial domains.
func everywhere(m *Model, f func(a []int64)) {
	a := make([]int64, m.NumVars())
	var rec func(i int)
	rec = func(i int) {
		if i == len(a) {
			f(a)
			return
		}
		for _, v := range m.InitialDomain(Var(i)) {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}
