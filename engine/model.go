package engine

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
)

// MaxDomainWidth is the largest span (max - min + 1) a variable's initial
// domain may have: any 64-bit integers lo..hi with hi - lo below
// 2^63 - 1, so that the number of values, and every difference of two
// values, fits in an int64. A domain's memory follows its number of
// gaps, not its span (see domain_wide.go).
const MaxDomainWidth = math.MaxInt64

// Var identifies a decision variable of a Model.
type Var int32

// A Model holds decision variables, constraints and at most one objective.
// It is plain data: a Solver is built from it and never changes it.
type Model struct {
	vars      []varDecl
	cons      []Constraint
	objective Expr
	sense     Sense
	phases    []SearchPhase // AddPhase
	disj      []disjPair    // NoteDisjunction
	filters   *filterMemo   // root filters shared by the model's solvers (exprprop.go)
}

type varDecl struct {
	name string
	dom  *domain // shared by consecutive variables with the same domain
}

// A domain is a variable's initial set of values, stored as the sorted
// list of its maximal intervals, so that a range such as 1..10000 takes
// two numbers whatever its width. The value list, which InitialDomain
// returns, is built on first use, once per domain: the variables of an
// array share one domain, and so one list.
type domain struct {
	ivs  []Interval // sorted, disjoint, not adjacent, non-empty
	size int64      // number of values
	once sync.Once
	vals []int64
}

// Interval is the set of integers Lo..Hi (Lo <= Hi).
type Interval struct{ Lo, Hi int64 }

func (d *domain) lo() int64 { return d.ivs[0].Lo }
func (d *domain) hi() int64 { return d.ivs[len(d.ivs)-1].Hi }

// values returns the sorted values of d, built on first use.
func (d *domain) values() []int64 {
	d.once.Do(func() {
		if d.vals != nil {
			return
		}
		vs := make([]int64, 0, d.size)
		for _, iv := range d.ivs {
			for v := iv.Lo; ; v++ {
				vs = append(vs, v)
				if v == iv.Hi {
					break
				}
			}
		}
		d.vals = vs
	})
	return d.vals
}

// sameIntervals reports whether a and b are the same list.
func sameIntervals(a, b []Interval) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Sense says whether a model optimises and in which direction.
type Sense uint8

// Objective senses.
const (
	Satisfy  Sense = iota // no objective: every solution will do
	Minimize              // the smallest objective value
	Maximize              // the largest objective value
)

// ConstraintKind says which propagator serves a constraint.
type ConstraintKind uint8

// Constraint kinds.
const (
	KindExpr     ConstraintKind = iota // a boolean Expr that must be true
	KindAllDiff                        // pairwise different Args
	KindDiagonal                       // |Args[i]-Args[j]| != |Pos[i]-Pos[j]|
	KindGlobal                         // a Global (global.go)
)

// Constraint is one posted constraint.
type Constraint struct {
	Kind   ConstraintKind
	Expr   Expr    // KindExpr
	Args   []Expr  // KindAllDiff, KindDiagonal
	Pos    []int64 // KindDiagonal: the index of each argument
	Global Global  // KindGlobal
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{filters: &filterMemo{}} }

// NewVar adds a variable whose domain is the given values (any order,
// duplicates allowed). The domain must be non-empty and span at most
// MaxDomainWidth values.
func (m *Model) NewVar(name string, values []int64) (Var, error) {
	if len(values) == 0 {
		return -1, fmt.Errorf("variable %s has an empty domain", name)
	}
	vs := values
	if !sortedStrictly(vs) {
		vs = append([]int64(nil), values...)
		sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
		vs = dedupSorted(vs)
	}
	ivs := make([]Interval, 0, 1)
	for i, v := range vs {
		if i > 0 && v == vs[i-1]+1 {
			ivs[len(ivs)-1].Hi = v
		} else {
			ivs = append(ivs, Interval{v, v})
		}
	}
	return m.newVar(name, ivs, int64(len(vs)), vs)
}

// NewVarRange adds a variable with domain lo..hi.
func (m *Model) NewVarRange(name string, lo, hi int64) (Var, error) {
	if lo > hi {
		return -1, fmt.Errorf("variable %s has an empty domain %d..%d", name, lo, hi)
	}
	return m.NewVarIntervals(name, []Interval{{lo, hi}})
}

// NewVarIntervals adds a variable whose domain is the union of the given
// intervals (any order; they may overlap or touch). The domain must be
// non-empty and span at most MaxDomainWidth. No value list is built:
// a range of any width takes constant memory in the model.
func (m *Model) NewVarIntervals(name string, ivs []Interval) (Var, error) {
	if k := len(m.vars); k > 0 && sameIntervals(m.vars[k-1].dom.ivs, ivs) {
		// The previous variable's domain, as the elements of an array have.
		m.vars = append(m.vars, varDecl{name: name, dom: m.vars[k-1].dom})
		return Var(k), nil
	}
	norm := make([]Interval, 0, len(ivs))
	sorted := true
	for i, iv := range ivs {
		if iv.Lo > iv.Hi {
			continue
		}
		if i > 0 && len(norm) > 0 && iv.Lo <= norm[len(norm)-1].Hi {
			sorted = false
		}
		norm = append(norm, iv)
	}
	if len(norm) == 0 {
		return -1, fmt.Errorf("variable %s has an empty domain", name)
	}
	if !sorted {
		sort.Slice(norm, func(i, j int) bool { return norm[i].Lo < norm[j].Lo })
	}
	out := norm[:1]
	for _, iv := range norm[1:] {
		last := &out[len(out)-1]
		if iv.Lo <= last.Hi || iv.Lo-1 == last.Hi { // overlaps or touches
			last.Hi = max(last.Hi, iv.Hi)
			continue
		}
		out = append(out, iv)
	}
	lo, hi := out[0].Lo, out[len(out)-1].Hi
	if err := checkSpan(name, lo, hi); err != nil {
		return -1, err
	}
	size := int64(0)
	for _, iv := range out {
		size += iv.Hi - iv.Lo + 1 // within the span: no overflow
	}
	return m.newVar(name, out, size, nil)
}

// newVar appends a variable with the normalised intervals ivs; vals, if
// not nil, is its value list, which the model may keep (it must not be
// modified afterwards).
func (m *Model) newVar(name string, ivs []Interval, size int64, vals []int64) (Var, error) {
	if err := checkSpan(name, ivs[0].Lo, ivs[len(ivs)-1].Hi); err != nil {
		return -1, err
	}
	var d *domain
	if k := len(m.vars); k > 0 && sameIntervals(m.vars[k-1].dom.ivs, ivs) {
		d = m.vars[k-1].dom // the previous variable's domain: share it
	} else {
		d = &domain{ivs: ivs, size: size}
		if vals != nil && len(ivs) > 1 {
			// A sparse list: keep a copy rather than rebuild it. A range is
			// rebuilt on demand, if ever.
			d.vals = append([]int64(nil), vals...)
		}
	}
	m.vars = append(m.vars, varDecl{name: name, dom: d})
	return Var(len(m.vars) - 1), nil
}

// checkSpan reports a domain lo..hi wider than MaxDomainWidth.
func checkSpan(name string, lo, hi int64) error {
	if span, ok := SubInt(hi, lo); !ok || span >= MaxDomainWidth {
		return fmt.Errorf("domain of %s spans %d..%d, more than the %d values a variable may have",
			name, lo, hi, int64(MaxDomainWidth))
	}
	return nil
}

// sortedStrictly reports whether vs is increasing without duplicates.
func sortedStrictly(vs []int64) bool {
	for i := 1; i < len(vs); i++ {
		if vs[i] <= vs[i-1] {
			return false
		}
	}
	return true
}

// NumVars returns the number of variables.
func (m *Model) NumVars() int { return len(m.vars) }

// VarName returns the name a variable was created with.
func (m *Model) VarName(v Var) string { return m.vars[v].name }

// InitialDomain returns the sorted values a variable was created with. The
// caller must not modify the slice. The list is built on first use and
// shared by the variables declared one after the other with the same
// domain; InitialIntervals, InitialBounds and InitialSize build nothing.
func (m *Model) InitialDomain(v Var) []int64 { return m.vars[v].dom.values() }

// InitialIntervals returns the domain a variable was created with as its
// maximal intervals, sorted. The caller must not modify the slice.
func (m *Model) InitialIntervals(v Var) []Interval { return m.vars[v].dom.ivs }

// InitialBounds returns the least and greatest values of a variable's
// initial domain.
func (m *Model) InitialBounds(v Var) (lo, hi int64) {
	d := m.vars[v].dom
	return d.lo(), d.hi()
}

// InitialSize returns the number of values of a variable's initial domain.
func (m *Model) InitialSize(v Var) int64 { return m.vars[v].dom.size }

// Ref returns an expression that stands for the variable.
func (m *Model) Ref(v Var) Expr {
	d := m.vars[v].dom
	return &VarExpr{V: v, lo: d.lo(), hi: d.hi()}
}

// Refs returns an expression for each of the variables, in order: the
// argument that AllDifferent, RequireSum and the global constraints take.
func (m *Model) Refs(vs []Var) []Expr {
	out := make([]Expr, len(vs))
	for i, v := range vs {
		out[i] = m.Ref(v)
	}
	return out
}

// RequireSum posts args[0] + args[1] + ... op rhs, where op is a
// comparison (OpEq, OpNe, OpLt, OpLe, OpGt or OpGe). The sum of no
// arguments is 0. It returns the constraint's index, or an error if op
// does not compare or the sum's bounds overflow 64 bits.
func (m *Model) RequireSum(args []Expr, op BinOp, rhs int64) (int, error) {
	return m.RequireLinear(nil, args, op, rhs)
}

// RequireLinear posts coefs[0]·args[0] + coefs[1]·args[1] + ... op rhs,
// where op is a comparison (OpEq, OpNe, OpLt, OpLe, OpGt or OpGe); nil
// coefs are all 1. The solver propagates it as one linear constraint. It
// returns the constraint's index, or an error if op does not compare, the
// lists differ in length, or a term's or the sum's bounds overflow.
func (m *Model) RequireLinear(coefs []int64, args []Expr, op BinOp, rhs int64) (int, error) {
	if !op.IsRelation() {
		return -1, fmt.Errorf("sum: %v is not a comparison", op)
	}
	if coefs != nil && len(coefs) != len(args) {
		return -1, fmt.Errorf("sum: %d coefficients for %d terms", len(coefs), len(args))
	}
	terms := args
	if coefs != nil {
		terms = make([]Expr, len(args))
		for i, a := range args {
			t, err := NewBinary(OpMul, NewConst(coefs[i]), a)
			if err != nil {
				return -1, err
			}
			terms[i] = t
		}
	}
	sum, err := NewNary(OpSum, terms)
	if err != nil {
		return -1, err
	}
	c, err := NewBinary(op, sum, NewConst(rhs))
	if err != nil {
		return -1, err
	}
	return m.Require(c), nil
}

// Constraints returns the posted constraints in posting order.
func (m *Model) Constraints() []Constraint { return m.cons }

// Require posts a boolean expression that must be true. It returns the
// constraint's index.
func (m *Model) Require(e Expr) int {
	m.cons = append(m.cons, Constraint{Kind: KindExpr, Expr: e})
	return len(m.cons) - 1
}

// AllDifferent posts that the arguments take pairwise different values.
func (m *Model) AllDifferent(args []Expr) int {
	m.cons = append(m.cons, Constraint{Kind: KindAllDiff, Args: args})
	return len(m.cons) - 1
}

// Diagonal posts |args[i]-args[j]| != |pos[i]-pos[j]| for all i < j: no
// two queens share a diagonal when args[i] is the row of the queen in
// column pos[i].
func (m *Model) Diagonal(args []Expr, pos []int64) (int, error) {
	if len(args) != len(pos) {
		return -1, errors.New("diagonal: arguments and positions differ in length")
	}
	m.cons = append(m.cons, Constraint{Kind: KindDiagonal, Args: args, Pos: pos})
	return len(m.cons) - 1, nil
}

// SetObjective makes the model an optimisation problem. Sense Satisfy
// removes the objective.
func (m *Model) SetObjective(sense Sense, e Expr) {
	m.sense, m.objective = sense, e
	if sense == Satisfy {
		m.objective = nil
	}
}

// Objective returns the objective and its sense (Satisfy and nil if none).
func (m *Model) Objective() (Sense, Expr) { return m.sense, m.objective }
