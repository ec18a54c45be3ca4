package engine

import (
	"errors"
	"fmt"
	"sort"
)

// Expr is an integer expression over decision variables. Booleans are the
// integers 0 and 1; a logical operator treats any non-zero operand as true.
//
// Every node knows the interval its value lies in, computed when the node is
// built from the initial domains of its variables. Because the interval of
// every node is representable in 64 bits, evaluation can never overflow:
// constructors return an *OverflowError instead of building a node whose
// bounds cannot be represented.
//
// Some operations are undefined for some inputs (division or modulo by zero,
// an element index out of range). An undefined value makes the innermost
// enclosing truth test false, as in MiniZinc's relational semantics. In
// detail:
//
//   - Arithmetic nodes (Neg, Abs, +, -, *, /, %, sum, product, min, max)
//     are undefined when any operand is, even if another operand would
//     decide the result (0 * undefined is undefined).
//   - Comparisons and InSet are always defined: false when an operand is
//     undefined.
//   - Logical nodes (Not, the logical binary operators, All and Any) take
//     each operand as a truth value, true when it is defined and non-zero,
//     false otherwise, and are always defined. So not (x/y = 2) and
//     not (x/y) are both true when y = 0, and (x/y) or z = 1 is z = 1.
//   - IfThenElse takes its condition as a truth value and evaluates only
//     the chosen branch; Element evaluates its index and then only the
//     chosen item. "if y != 0 then x/y else 0 end" is therefore defined
//     everywhere.
//   - alldiff and diagonal hold when every argument is defined and the
//     pairs differ as they require, a single argument included.
//   - A constraint (Model.Require) holds when its expression is defined
//     and non-zero. With an objective, only assignments whose objective is
//     defined are solutions.
type Expr interface {
	// Bounds returns an interval that contains every value the expression
	// can take.
	Bounds() (lo, hi int64)
	isExpr()
}

// OverflowError reports an expression whose bounds cannot be represented
// in 64-bit integers.
type OverflowError struct {
	Op string // the operation whose result overflows, e.g. "*"
}

func (e *OverflowError) Error() string {
	return fmt.Sprintf("integer overflow: the bounds of %s do not fit in 64 bits", e.Op)
}

// ErrUndefinedAlways reports an expression that is undefined for every
// input, such as a division by the constant 0.
var ErrUndefinedAlways = errors.New("expression is undefined for every value")

// Const is an integer constant.
type Const struct{ V int64 }

// VarExpr is a reference to a decision variable.
type VarExpr struct {
	V      Var
	lo, hi int64
}

// UnOp is a unary operator.
type UnOp uint8

// Unary operators.
const (
	OpNeg UnOp = iota // -x
	OpAbs             // abs(x)
	OpNot             // not x (0 or 1)
)

// Unary applies a unary operator.
type Unary struct {
	Op     UnOp
	X      Expr
	lo, hi int64
}

// BinOp is a binary operator.
type BinOp uint8

// Binary operators. Comparisons and logical operators yield 0 or 1.
const (
	OpAdd BinOp = iota
	OpSub
	OpMul
	OpDiv // integer division truncated toward zero; undefined for a zero divisor
	OpMod // remainder with the sign of the dividend; undefined for a zero divisor
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAnd
	OpOr
	OpXor
	OpImplies
	OpIff
)

var binOpNames = [...]string{"+", "-", "*", "/", "%", "=", "!=", "<", "<=", ">", ">=", "and", "or", "xor", "->", "<->"}

func (op BinOp) String() string { return binOpNames[op] }

// IsRelation reports whether op compares two integers.
func (op BinOp) IsRelation() bool { return op >= OpEq && op <= OpGe }

// IsLogical reports whether op combines two truth values.
func (op BinOp) IsLogical() bool { return op >= OpAnd }

// Binary applies a binary operator.
type Binary struct {
	Op     BinOp
	X, Y   Expr
	lo, hi int64
}

// NaryOp is an operator over a list of operands.
type NaryOp uint8

// N-ary operators. Sum of nothing is 0, Product of nothing 1, And of
// nothing true and Or of nothing false; Min and Max need an operand.
const (
	OpSum NaryOp = iota
	OpProduct
	OpMin
	OpMax
	OpAll // logical and
	OpAny // logical or
)

var naryOpNames = [...]string{"sum", "product", "min", "max", "and", "or"}

func (op NaryOp) String() string { return naryOpNames[op] }

// Nary applies an operator to a list of operands.
type Nary struct {
	Op     NaryOp
	Args   []Expr
	lo, hi int64
}

// InSet is membership of X in a constant set (Negated: not in).
type InSet struct {
	X       Expr
	Set     []int64 // sorted, no duplicates
	Negated bool
}

// IfThenElse is a conditional expression.
type IfThenElse struct {
	Cond, Then, Else Expr
	lo, hi           int64
}

// Element is Items[Index-Base]; undefined when the index is out of range.
type Element struct {
	Index  Expr
	Base   int64
	Items  []Expr
	lo, hi int64
}

func (*Const) isExpr()      {}
func (*VarExpr) isExpr()    {}
func (*Unary) isExpr()      {}
func (*Binary) isExpr()     {}
func (*Nary) isExpr()       {}
func (*InSet) isExpr()      {}
func (*IfThenElse) isExpr() {}
func (*Element) isExpr()    {}

// Bounds implements Expr.
func (e *Const) Bounds() (int64, int64) { return e.V, e.V }

// Bounds implements Expr.
func (e *VarExpr) Bounds() (int64, int64) { return e.lo, e.hi }

// Bounds implements Expr.
func (e *Unary) Bounds() (int64, int64) { return e.lo, e.hi }

// Bounds implements Expr.
func (e *Binary) Bounds() (int64, int64) { return e.lo, e.hi }

// Bounds implements Expr.
func (e *Nary) Bounds() (int64, int64) { return e.lo, e.hi }

// Bounds implements Expr.
func (e *InSet) Bounds() (int64, int64) { return 0, 1 }

// Bounds implements Expr.
func (e *IfThenElse) Bounds() (int64, int64) { return e.lo, e.hi }

// Bounds implements Expr.
func (e *Element) Bounds() (int64, int64) { return e.lo, e.hi }

// NewConst returns the constant v.
func NewConst(v int64) Expr { return &Const{V: v} }

// NewUnary builds op(x). It fails with an *OverflowError if the result's
// bounds do not fit in 64 bits (-x for x = MinInt64).
func NewUnary(op UnOp, x Expr) (Expr, error) {
	lo, hi, err := unaryBounds(op, x)
	if err != nil {
		return nil, err
	}
	return &Unary{Op: op, X: x, lo: lo, hi: hi}, nil
}

func unaryBounds(op UnOp, x Expr) (int64, int64, error) {
	lo, hi := x.Bounds()
	switch op {
	case OpNeg:
		return negBounds(lo, hi)
	case OpAbs:
		return absBounds(lo, hi)
	}
	return 0, 1, nil
}

// NewBinary builds x op y. It fails with an *OverflowError if the
// result's bounds do not fit in 64 bits, and with ErrUndefinedAlways for
// a division or modulo by a divisor that can only be 0.
func NewBinary(op BinOp, x, y Expr) (Expr, error) {
	lo, hi, err := binaryBounds(op, x, y)
	if err != nil {
		return nil, err
	}
	return &Binary{Op: op, X: x, Y: y, lo: lo, hi: hi}, nil
}

func binaryBounds(op BinOp, x, y Expr) (int64, int64, error) {
	xlo, xhi := x.Bounds()
	ylo, yhi := y.Bounds()
	switch op {
	case OpAdd:
		return addBounds(xlo, xhi, ylo, yhi)
	case OpSub:
		nlo, nhi, err := negBounds(ylo, yhi)
		if err != nil {
			return 0, 0, err
		}
		return addBounds(xlo, xhi, nlo, nhi)
	case OpMul:
		return mulBounds(xlo, xhi, ylo, yhi)
	case OpDiv:
		return divBounds(xlo, xhi, ylo, yhi)
	case OpMod:
		return modBounds(xlo, xhi, ylo, yhi)
	}
	return 0, 1, nil
}

// NewNary builds op(args...). It fails with an *OverflowError if the
// result's bounds do not fit in 64 bits, and for min or max of no
// arguments.
func NewNary(op NaryOp, args []Expr) (Expr, error) {
	lo, hi, err := naryBounds(op, args)
	if err != nil {
		return nil, err
	}
	return &Nary{Op: op, Args: args, lo: lo, hi: hi}, nil
}

func naryBounds(op NaryOp, args []Expr) (int64, int64, error) {
	switch op {
	case OpAll, OpAny:
		return 0, 1, nil
	case OpMin, OpMax:
		if len(args) == 0 {
			return 0, 0, fmt.Errorf("%s of an empty list", op)
		}
	}
	lo, hi := int64(0), int64(0)
	if op == OpProduct {
		lo, hi = 1, 1
	}
	for i, a := range args {
		alo, ahi := a.Bounds()
		var err error
		switch {
		case op == OpSum:
			lo, hi, err = addBounds(lo, hi, alo, ahi)
		case op == OpProduct:
			lo, hi, err = mulBounds(lo, hi, alo, ahi)
		case i == 0:
			lo, hi = alo, ahi
		case op == OpMin:
			lo, hi = min(lo, alo), min(hi, ahi)
		case op == OpMax:
			lo, hi = max(lo, alo), max(hi, ahi)
		}
		if err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// NewInSet builds x in set (or x not in set when negated). The set need
// not be sorted; it is copied.
func NewInSet(x Expr, set []int64, negated bool) Expr {
	s := append([]int64(nil), set...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	s = dedupSorted(s)
	return &InSet{X: x, Set: s, Negated: negated}
}

// NewIf builds if cond then a else b end.
func NewIf(cond, a, b Expr) Expr {
	lo, hi := ifBounds(a, b)
	return &IfThenElse{Cond: cond, Then: a, Else: b, lo: lo, hi: hi}
}

func ifBounds(a, b Expr) (int64, int64) {
	alo, ahi := a.Bounds()
	blo, bhi := b.Bounds()
	return min(alo, blo), max(ahi, bhi)
}

// NewElement builds items[index-base]. It needs at least one item, and an
// index that can fall among them: otherwise it is undefined everywhere.
func NewElement(index Expr, base int64, items []Expr) (Expr, error) {
	if len(items) == 0 || !indexCanHit(index, base, len(items)) {
		return nil, ErrUndefinedAlways
	}
	lo, hi := elementBounds(items)
	return &Element{Index: index, Base: base, Items: items, lo: lo, hi: hi}, nil
}

// indexCanHit reports whether index's bounds meet base..base+n-1.
func indexCanHit(index Expr, base int64, n int) bool {
	lo, hi := index.Bounds()
	last, ok := AddInt(base, int64(n-1))
	return hi >= base && (!ok || lo <= last)
}

func elementBounds(items []Expr) (int64, int64) {
	lo, hi := items[0].Bounds()
	for _, it := range items[1:] {
		ilo, ihi := it.Bounds()
		lo, hi = min(lo, ilo), max(hi, ihi)
	}
	return lo, hi
}

func dedupSorted(s []int64) []int64 {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
