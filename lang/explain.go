package lang

import (
	"fmt"
	"strings"
	"time"

	"github.com/csp-lang/csp/engine"
)

// Explaining why a model has no solution: find a minimal set of its
// statements that already has none. The statements are the constraints
// (one per generator value for a forall) and the domains of the variables.
// The search is deletion-based: start from everything, try dropping each
// statement in turn, and keep the drop whenever what remains still has no
// solution. What is left is minimal: dropping any one of its statements
// gives a model with a solution. Each check is a search of its own with a
// time limit; a check that runs out of time keeps its statement, and the
// set is then reported as not proven minimal.
//
// Dropping a domain cannot make it infinite, so it widens the domain to a
// range around every value the model mentions (all domains and constants,
// widened by their own span on each side), enough for any "x > 5" against
// "var x in 1..3" to find its witness.

// Conflict is a set of statements that has no solution.
type Conflict struct {
	Items   []ConflictItem
	Minimal bool // every check finished in time
	Checks  int  // searches run
}

// ConflictItem is one statement of a conflict: a constraint, or the
// domain of a declared variable.
type ConflictItem struct {
	Origin Origin   // a constraint
	Detail string   // the constraint itself when it is small: cell[1,2] = 1
	Var    *VarInfo // or a domain
}

// ErrHasSolution is returned by Explain for a model that has a solution.
var ErrHasSolution = fmt.Errorf("the model has a solution")

// maxUniverse bounds the width of a widened domain.
const maxUniverse = 1 << 20

// Explain finds a minimal conflict of the model in. Each check may search
// for at most perCheck.
func Explain(in Input, opts engine.Options, perCheck time.Duration) (*Conflict, error) {
	prog, err := Compile(in)
	if err != nil {
		return nil, err
	}
	x := &explainer{in: in, opts: opts, perCheck: perCheck, base: prog, universe: universeOf(prog)}
	nCons := len(prog.Model.Constraints())
	keep := make([]bool, nCons+len(prog.Decls))
	for i := range keep {
		keep[i] = true
	}
	switch x.solvable(keep) {
	case engine.Solution:
		return nil, ErrHasSolution
	case engine.Stopped:
		return nil, fmt.Errorf("the model was not proven unsatisfiable within %v", perCheck)
	}
	c := &Conflict{Minimal: true}
	// Later statements are tried first: the givens and the first rows of a
	// puzzle tend to come early, and the explanation a person expects
	// (two 1s in row 1) keeps them.
	for i := len(keep) - 1; i >= 0; i-- {
		keep[i] = false
		switch x.solvable(keep) {
		case engine.Exhausted:
			continue // still no solution without it: leave it out
		case engine.Stopped:
			c.Minimal = false
		}
		keep[i] = true
	}
	seen := map[ConflictItem]bool{}
	for i, k := range keep {
		if !k {
			continue
		}
		if i < nCons {
			// A statement lowered into several constraints (a -> (b and
			// c), an array equality) is listed once.
			it := ConflictItem{Origin: prog.Origins[i], Detail: detail(prog.Model, prog.Model.Constraints()[i])}
			if !seen[it] {
				seen[it] = true
				c.Items = append(c.Items, it)
			}
		} else {
			c.Items = append(c.Items, ConflictItem{Var: prog.Decls[i-nCons]})
		}
	}
	c.Checks = x.checks
	return c, nil
}

type explainer struct {
	in       Input
	opts     engine.Options
	perCheck time.Duration
	base     *Program
	universe interval
	checks   int
}

// solvable searches the model made of the kept statements: the first
// len(constraints) entries of keep are constraints, the rest the domains
// of the declared variables, in order.
func (x *explainer) solvable(keep []bool) engine.Status {
	x.checks++
	nCons := len(x.base.Model.Constraints())
	relax := map[string]bool{}
	for i, d := range x.base.Decls {
		if !keep[nCons+i] {
			relax[d.Name] = true
		}
	}
	prog := x.base
	if len(relax) > 0 {
		var err error
		if prog, err = x.lowerRelaxed(relax); err != nil {
			return engine.Stopped // e.g. a bound that overflows once widened: keep it
		}
	}
	m, ok := subModel(prog.Model, keep[:nCons])
	if !ok {
		return engine.Stopped
	}
	opts := x.opts
	opts.Deadline = time.Now().Add(x.perCheck)
	s, err := engine.NewSolver(m, opts)
	if err != nil {
		return engine.Stopped
	}
	return s.Next()
}

// lowerRelaxed lowers the model again with the named variables' domains
// widened; the constraints come out in the same order.
func (x *explainer) lowerRelaxed(relax map[string]bool) (*Program, error) {
	f, srcs, err := parseInput(x.in)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	binds := collectBindings(x.in, srcs, &errs)
	l := newLowerer(binds, srcs, &errs, nil)
	l.relax, l.universe = relax, x.universe
	p := l.lower(f)
	if len(errs) > 0 || len(p.Model.Constraints()) != len(x.base.Model.Constraints()) {
		return nil, errs
	}
	return p, nil
}

// subModel copies m with only the kept constraints.
func subModel(m *engine.Model, keep []bool) (*engine.Model, bool) {
	sub := engine.NewModel()
	for v := engine.Var(0); int(v) < m.NumVars(); v++ {
		if _, err := sub.NewVar(m.VarName(v), m.InitialDomain(v)); err != nil {
			return nil, false
		}
	}
	for i, c := range m.Constraints() {
		if !keep[i] {
			continue
		}
		switch c.Kind {
		case engine.KindExpr:
			sub.Require(c.Expr)
		case engine.KindAllDiff:
			sub.AllDifferent(c.Args)
		case engine.KindDiagonal:
			if _, err := sub.Diagonal(c.Args, c.Pos); err != nil {
				return nil, false
			}
		}
	}
	return sub, true
}

// universeOf is the range a dropped domain widens to.
func universeOf(p *Program) interval {
	lo, hi := int64(0), int64(0)
	first := true
	see := func(a, b int64) {
		if first {
			lo, hi, first = a, b, false
		}
		lo, hi = min(lo, a), max(hi, b)
	}
	for v := engine.Var(0); int(v) < p.Model.NumVars(); v++ {
		d := p.Model.InitialDomain(v)
		see(d[0], d[len(d)-1])
	}
	for _, c := range p.Model.Constraints() {
		for _, e := range append([]engine.Expr{c.Expr}, c.Args...) {
			walkConsts(e, func(k int64) { see(k, k) })
		}
	}
	width := min(hi-lo+1, maxUniverse/3)
	mid := lo + (hi-lo)/2
	return interval{max(lo-width, mid-maxUniverse/2), min(hi+width, mid+maxUniverse/2-1)}
}

// walkConsts calls f on every constant of an expression, and on the ends
// of its membership sets.
func walkConsts(e engine.Expr, f func(int64)) {
	visitExpr(e, func(n engine.Expr) {
		switch n := n.(type) {
		case *engine.Const:
			f(n.V)
		case *engine.InSet:
			if len(n.Set) > 0 {
				f(n.Set[0])
				f(n.Set[len(n.Set)-1])
			}
		}
	})
}

// Describe writes an item as "file:line:col: text", with the generator
// values that produced a constraint.
func (it ConflictItem) Describe(srcs Sources) string {
	if it.Var != nil {
		line := sourceLine(srcs[it.Var.Pos.File], it.Var.Pos.Line)
		return fmt.Sprintf("%s: the domain of %s, declared in: %s", it.Var.Pos, it.Var.Name, trimLine(line))
	}
	o := it.Origin
	text := trimLine(spanText(srcs, o.Stmt))
	if it.Detail != "" && it.Detail != text {
		text += "   [" + it.Detail + "]"
	} else if o.Node.Pos != o.Stmt.Pos && o.Node.End.Offset > o.Node.Pos.Offset {
		if src := srcs[o.Node.Pos.File]; o.Node.End.Offset <= len(src) {
			part := string(src[o.Node.Pos.Offset:o.Node.End.Offset])
			text += "   [" + trimLine(part) + "]"
		}
	}
	if o.Bindings != "" {
		text += "   with " + o.Bindings
	}
	return fmt.Sprintf("%s: %s", o.Stmt.Pos, text)
}

// spanText is the source text of a span, or its first line when the span
// is not known.
func spanText(srcs Sources, sp Span) string {
	src := srcs[sp.Pos.File]
	if sp.End.Offset > sp.Pos.Offset && sp.End.Offset <= len(src) {
		return string(src[sp.Pos.Offset:sp.End.Offset])
	}
	return sourceLine(src, sp.Pos.Line)
}

func trimLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 100 {
		s = s[:97] + "..."
	}
	return s
}

// detail renders a constraint of one comparison between a variable and a
// constant, or between two variables: the parts of "cell = puzzle" and
// the like, which the statement alone does not tell apart.
func detail(m *engine.Model, c engine.Constraint) string {
	b, ok := c.Expr.(*engine.Binary)
	if !ok || c.Kind != engine.KindExpr || !b.Op.IsRelation() {
		return ""
	}
	side := func(e engine.Expr) string {
		switch e := e.(type) {
		case *engine.VarExpr:
			return m.VarName(e.V)
		case *engine.Const:
			return itoa(e.V)
		}
		return ""
	}
	x, y := side(b.X), side(b.Y)
	if x == "" || y == "" {
		return ""
	}
	return x + " " + b.Op.String() + " " + y
}
