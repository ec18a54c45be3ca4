package engine

// Where a value may be undefined. Bounds decide it: a division whose
// divisor's interval holds 0, an element whose index's interval leaves
// the items. A truth test (comparison, membership, logical operator) is
// always defined, so it stops the search for an undefined operand.

// MayBeUndefined reports whether e can be undefined for some values of its
// variables within their initial domains. It may say true for an
// expression that is in fact always defined, never the reverse.
func MayBeUndefined(e Expr) bool {
	switch e := e.(type) {
	case *Const, *VarExpr, *InSet, *absDiffNe:
		return false
	case *Unary:
		return e.Op != OpNot && MayBeUndefined(e.X)
	case *Binary:
		if e.Op.IsRelation() || e.Op.IsLogical() {
			return false
		}
		if e.Op == OpDiv || e.Op == OpMod {
			if lo, hi := e.Y.Bounds(); lo <= 0 && hi >= 0 {
				return true
			}
		}
		return MayBeUndefined(e.X) || MayBeUndefined(e.Y)
	case *Nary:
		if e.Op == OpAll || e.Op == OpAny {
			return false
		}
		return anyMayBeUndefined(e.Args)
	case *IfThenElse:
		return MayBeUndefined(e.Then) || MayBeUndefined(e.Else)
	case *Element:
		lo, hi := e.Index.Bounds()
		if d, ok := SubInt(hi, e.Base); lo < e.Base || !ok || d >= int64(len(e.Items)) {
			return true
		}
		return MayBeUndefined(e.Index) || anyMayBeUndefined(e.Items)
	}
	return true
}

func anyMayBeUndefined(es []Expr) bool {
	for _, e := range es {
		if MayBeUndefined(e) {
			return true
		}
	}
	return false
}

// Defined returns a truth value that holds exactly where e is defined: the
// constant 1 when e never is undefined, else e = e, a comparison, which is
// false where an operand is undefined.
func Defined(e Expr) Expr {
	if !MayBeUndefined(e) {
		return NewConst(1)
	}
	r, _ := NewBinary(OpEq, e, e) // a comparison cannot overflow
	return r
}

// Strict returns r where e is defined, and undefined where e is not:
// r + 0*e. It keeps an undefined operand's effect where the value does
// not depend on it (x^0 is 1 only where x is defined). r's bounds are
// kept.
func Strict(r, e Expr) Expr {
	if !MayBeUndefined(e) {
		return r
	}
	zero, _ := NewBinary(OpMul, NewConst(0), e) // bounds 0..0
	sum, _ := NewBinary(OpAdd, r, zero)         // r's bounds
	return sum
}

// Truth returns e as a truth value, always defined: e itself if it is one
// already (a truth test, or a number that is 0 or 1 and always defined),
// else e != 0, which is false where e is undefined.
func Truth(e Expr) Expr {
	if lo, hi := e.Bounds(); lo >= 0 && hi <= 1 && !MayBeUndefined(e) {
		return e
	}
	if k, ok := e.(*Const); ok {
		return NewConst(b2i(k.V != 0))
	}
	r, _ := NewBinary(OpNe, e, NewConst(0))
	return r
}
