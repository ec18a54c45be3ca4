package engine

import (
	"errors"
	"fmt"
	"sort"
)

// MaxDomainWidth is the largest span (max - min + 1) a variable's initial
// domain may have. Domains are bit sets over that span.
const MaxDomainWidth = 1 << 24

// Var identifies a decision variable of a Model.
type Var int32

// A Model holds decision variables, constraints and at most one objective.
// It is plain data: a Solver is built from it and never changes it.
type Model struct {
	vars      []varDecl
	cons      []Constraint
	objective Expr
	sense     Sense
}

type varDecl struct {
	name   string
	values []int64 // sorted, no duplicates, non-empty
}

// Sense says whether a model optimises and in which direction.
type Sense uint8

// Objective senses.
const (
	Satisfy Sense = iota
	Minimize
	Maximize
)

// ConstraintKind says which propagator serves a constraint.
type ConstraintKind uint8

// Constraint kinds.
const (
	KindExpr     ConstraintKind = iota // a boolean Expr that must be true
	KindAllDiff                        // pairwise different Args
	KindDiagonal                       // |Args[i]-Args[j]| != |Pos[i]-Pos[j]|
)

// Constraint is one posted constraint.
type Constraint struct {
	Kind ConstraintKind
	Expr Expr    // KindExpr
	Args []Expr  // KindAllDiff, KindDiagonal
	Pos  []int64 // KindDiagonal: the index of each argument
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{} }

// NewVar adds a variable whose domain is the given values (any order,
// duplicates allowed). The domain must be non-empty and span at most
// MaxDomainWidth.
func (m *Model) NewVar(name string, values []int64) (Var, error) {
	vs := m.shared(values)
	if vs == nil {
		vs = append([]int64(nil), values...)
		if !sortedStrictly(vs) {
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			vs = dedupSorted(vs)
		}
	}
	if len(vs) == 0 {
		return -1, fmt.Errorf("variable %s has an empty domain", name)
	}
	if span, ok := SubInt(vs[len(vs)-1], vs[0]); !ok || span >= MaxDomainWidth {
		return -1, fmt.Errorf("domain of %s spans %s..%d, wider than the %d values csp supports",
			name, fmt.Sprint(vs[0]), vs[len(vs)-1], MaxDomainWidth)
	}
	m.vars = append(m.vars, varDecl{name: name, values: vs})
	return Var(len(m.vars) - 1), nil
}

// NewVarRange adds a variable with domain lo..hi.
func (m *Model) NewVarRange(name string, lo, hi int64) (Var, error) {
	if lo > hi {
		return -1, fmt.Errorf("variable %s has an empty domain %d..%d", name, lo, hi)
	}
	if span, ok := SubInt(hi, lo); !ok || span >= MaxDomainWidth {
		return -1, fmt.Errorf("domain of %s spans %d..%d, wider than the %d values csp supports",
			name, lo, hi, MaxDomainWidth)
	}
	var vs []int64
	if k := len(m.vars); k > 0 {
		if p := m.vars[k-1].values; p[0] == lo && p[len(p)-1] == hi && int64(len(p)) == hi-lo+1 {
			vs = p // the previous variable's range: share it
		}
	}
	if vs == nil {
		vs = make([]int64, 0, hi-lo+1)
		for v := lo; ; v++ {
			vs = append(vs, v)
			if v == hi {
				break
			}
		}
	}
	m.vars = append(m.vars, varDecl{name: name, values: vs})
	return Var(len(m.vars) - 1), nil
}

// shared returns the values of the previous variable if values holds the
// same ones in the same (strictly increasing) order, so that the many
// variables of an array share one slice; nil otherwise.
func (m *Model) shared(values []int64) []int64 {
	k := len(m.vars)
	if k == 0 {
		return nil
	}
	p := m.vars[k-1].values
	if len(p) != len(values) {
		return nil
	}
	for i, v := range values {
		if p[i] != v {
			return nil
		}
	}
	return p
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
// caller must not modify the slice.
func (m *Model) InitialDomain(v Var) []int64 { return m.vars[v].values }

// Ref returns an expression that stands for the variable.
func (m *Model) Ref(v Var) Expr {
	vs := m.vars[v].values
	return &VarExpr{V: v, lo: vs[0], hi: vs[len(vs)-1]}
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
