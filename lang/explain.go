package lang

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/csp-lang/csp/engine"
)

// Explaining why a model has no solution: find a minimal set of its
// statements that already has none, with the variables' domains as
// declared. The statements are the constraints, or their parts: each
// conjunct of an "and", each instance of a forall, each element of a
// statement the engine splits (cell = puzzle). The search is
// deletion-based: start from every statement, try dropping each in turn,
// and keep the drop whenever what remains still has no solution; the
// domains stay as declared all along. What is left is minimal: dropping
// any one of its statements gives a model with a solution. Then each
// domain of a variable of those statements is widened in turn, the others
// kept: a domain without which the statements have a solution is needed,
// and is listed too. Each check is a search of its own with a time limit;
// a check that runs out of time keeps its statement (or lists its domain),
// and the set is then reported as not proven minimal.
//
// Widening a domain cannot make it infinite: it becomes a range around
// every value the model mentions (all domains and constants, widened by
// their own span on each side), enough for any "x > 5" against
// "var x in 1..3" to find its witness.

// Conflict is a set of statements that has no solution.
type Conflict struct {
	Items   []ConflictItem
	Minimal bool // every check finished: dropping any item gives a model with a solution
	Stopped bool // the caller's StopFlag ended the explanation: Items still have no solution, but may not be minimal
	Checks  int  // searches run
}

// ConflictItem is one statement of a conflict, or one part of one (its
// Origin's Node, with the generator values of its Bindings), or the
// domain of a declared variable.
type ConflictItem struct {
	Origin Origin   // a constraint
	Detail string   // an element of a statement the engine splits: cell[1,2] = 1
	Var    *VarInfo // or a domain
}

// ErrHasSolution is returned by Explain for a model that has a solution.
var ErrHasSolution = errors.New("the model has a solution")

// ErrStopped is returned by Explain when the caller's StopFlag ends it
// before the model is proven to have no solution.
var ErrStopped = errors.New("the model was not proven unsatisfiable")

// maxUniverse bounds the width of a widened domain.
const maxUniverse = 1 << 20

// Explain finds a minimal conflict of the model in. Each check may search
// for at most perCheck. opts.StopFlag, if set, ends the explanation early:
// before the first check has proven the model unsatisfiable, Explain
// returns ErrStopped; after, the statements kept so far, with Stopped set.
func Explain(in Input, opts engine.Options, perCheck time.Duration) (*Conflict, error) {
	prog, err := Compile(in)
	if err != nil {
		return nil, err
	}
	x := &explainer{in: in, opts: opts, perCheck: perCheck, base: prog, universe: universeOf(prog)}
	x.units = unitsOf(prog)
	keep := make([]bool, len(x.units))
	for i := range keep {
		keep[i] = true
	}
	switch x.solvable(keep, nil) {
	case engine.Solution:
		return nil, ErrHasSolution
	case engine.Stopped:
		if x.stopped() {
			return nil, ErrStopped
		}
		return nil, fmt.Errorf("the model was not proven unsatisfiable within %v", perCheck)
	}
	c := &Conflict{Minimal: true}
	// Later statements are tried first: the givens and the first rows of a
	// puzzle tend to come early, and the explanation a person expects
	// (two 1s in row 1) keeps them.
	for i := len(keep) - 1; i >= 0 && !c.Stopped; i-- {
		keep[i] = false
		switch x.solvable(keep, nil) {
		case engine.Exhausted:
			continue // still no solution without it: leave it out
		case engine.Stopped:
			c.Minimal = false
			c.Stopped = x.stopped()
		}
		keep[i] = true
	}
	for i, k := range keep {
		if k {
			c.Items = append(c.Items, x.units[i].item)
		}
	}
	// The domains the kept statements need: those of their variables
	// without which they have a solution.
	used := x.varsOf(keep)
	for _, d := range prog.Decls {
		if c.Stopped || !slices.ContainsFunc(d.Vars, func(v engine.Var) bool { return used[v] }) {
			continue
		}
		switch x.solvable(keep, map[string]bool{d.Name: true}) {
		case engine.Exhausted:
			continue // no solution even with the domain widened: it plays no part
		case engine.Stopped:
			c.Minimal = false
			if c.Stopped = x.stopped(); c.Stopped {
				continue // not known
			}
		}
		c.Items = append(c.Items, ConflictItem{Var: d})
	}
	c.Checks = x.checks
	return c, nil
}

type explainer struct {
	in       Input
	opts     engine.Options
	perCheck time.Duration
	base     *Program
	units    []unit
	universe interval
	checks   int
}

// unit is what a conflict lists as one item: the engine constraints
// lowered from one statement, or from one part of it.
type unit struct {
	item ConflictItem
	cons []int // indices into the model's constraints
}

// stopped reports whether the caller's StopFlag is set.
func (x *explainer) stopped() bool {
	return x.opts.StopFlag != nil && x.opts.StopFlag.Load()
}

// unitsOf groups the constraints of p into the items a conflict lists.
// The constraints lowered from one node under the same generator values
// (one Origin) are one item; so that the item says exactly what it
// stands for, they are listed apart only when each is an element that
// detail can write out (cell = puzzle as cell[1,1] = 1, ...). Two items
// that would read the same are one.
func unitsOf(p *Program) []unit {
	cons := p.Model.Constraints()
	byOrigin := map[Origin][]int{}
	var origins []Origin
	for i := range cons {
		o := p.Origin(i)
		if _, ok := byOrigin[o]; !ok {
			origins = append(origins, o)
		}
		byOrigin[o] = append(byOrigin[o], i)
	}
	var units []unit
	at := map[string]int{} // an item's description: its unit
	add := func(it ConflictItem, idx []int) {
		key := it.Describe(p.Sources)
		if j, ok := at[key]; ok {
			units[j].cons = append(units[j].cons, idx...)
			return
		}
		at[key] = len(units)
		units = append(units, unit{item: it, cons: idx})
	}
	for _, o := range origins {
		idx := byOrigin[o]
		details := make([]string, len(idx))
		split := len(idx) > 1
		for k, i := range idx {
			details[k] = detail(p.Model, cons[i])
			split = split && details[k] != ""
		}
		if !split {
			add(ConflictItem{Origin: o}, idx)
			continue
		}
		for k, i := range idx {
			add(ConflictItem{Origin: o, Detail: details[k]}, []int{i})
		}
	}
	return units
}

// varsOf is the set of variables of the kept units' constraints.
func (x *explainer) varsOf(keep []bool) map[engine.Var]bool {
	used := map[engine.Var]bool{}
	cons := x.base.Model.Constraints()
	for i, k := range keep {
		if !k {
			continue
		}
		for _, ci := range x.units[i].cons {
			c := cons[ci]
			es := append([]engine.Expr{c.Expr}, c.Args...)
			if c.Global != nil {
				es = append(es, c.Global.Args()...)
			}
			for _, e := range es {
				walkVars(e, func(v engine.Var) { used[v] = true })
			}
		}
	}
	return used
}

// solvable searches the model made of the kept units, with the domains of
// the variables named in widen widened to the universe and the others as
// declared.
func (x *explainer) solvable(keep []bool, widen map[string]bool) engine.Status {
	if x.stopped() {
		return engine.Stopped
	}
	x.checks++
	prog := x.base
	if len(widen) > 0 {
		var ok bool
		if prog, ok = x.lowerRelaxed(widen); !ok {
			return engine.Stopped // e.g. a bound that overflows once widened: keep it
		}
	}
	keepCons := make([]bool, len(prog.Model.Constraints()))
	for i, k := range keep {
		if k {
			for _, ci := range x.units[i].cons {
				keepCons[ci] = true
			}
		}
	}
	m, ok := subModel(prog.Model, keepCons)
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
// widened; the constraints must come out the same, in the same order.
func (x *explainer) lowerRelaxed(relax map[string]bool) (*Program, bool) {
	f, srcs, err := parseInput(x.in)
	if err != nil {
		return nil, false
	}
	var errs ErrorList
	binds := collectBindings(x.in, srcs, &errs)
	l := newLowerer(binds, srcs, &errs, nil)
	l.relax, l.universe = relax, x.universe
	l.decomposeAll = x.in.Decompose
	l.plainLookups = x.in.PlainLookups
	l.valuesOnly = x.in.ValuesOnly
	p := l.lower(f)
	ok := len(errs) == 0 && len(p.Model.Constraints()) == len(x.base.Model.Constraints()) && p.origins.equal(&x.base.origins)
	return p, ok
}

// subModel copies m with only the kept constraints.
func subModel(m *engine.Model, keep []bool) (*engine.Model, bool) {
	sub := engine.NewModel()
	for v := engine.Var(0); int(v) < m.NumVars(); v++ {
		if _, err := sub.NewVarIntervals(m.VarName(v), m.InitialIntervals(v)); err != nil {
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
		case engine.KindGlobal:
			sub.Post(c.Global)
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
		see(p.Model.InitialBounds(v))
	}
	for _, c := range p.Model.Constraints() {
		for _, e := range append([]engine.Expr{c.Expr}, c.Args...) {
			walkConsts(e, func(k int64) { see(k, k) })
		}
	}
	// In uint64 where int64 could wrap: a wide domain and a large
	// constant are further apart than 2^63.
	span := uint64(hi) - uint64(lo)
	width := int64(min(span+1, maxUniverse/3))
	mid := lo + int64(span/2)
	a, ok1 := engine.SubInt(mid, maxUniverse/2)
	b, ok2 := engine.AddInt(mid, maxUniverse/2-1)
	if !ok1 {
		a = math.MinInt64
	}
	if !ok2 {
		b = math.MaxInt64
	}
	if l, ok := engine.SubInt(lo, width); ok {
		a = max(a, l)
	}
	if h, ok := engine.AddInt(hi, width); ok {
		b = min(b, h)
	}
	return interval{a, b}
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

// Describe writes an item as "file:line:col: text". A part of a
// statement (a conjunct of an "and", an instance of a forall, an element
// of cell = puzzle) is written as its own text and place, with the
// generator values that produced it and the statement it is part of:
// "m.csp:4:18: x + y = 3   (part of line 4)".
func (it ConflictItem) Describe(srcs Sources) string {
	if it.Var != nil {
		line := sourceLine(srcs[it.Var.Pos.File], it.Var.Pos.Line)
		return fmt.Sprintf("%s: the domain of %s, declared in: %s", it.Var.Pos, it.Var.Name, trimLine(line))
	}
	o := it.Origin
	node := o.Node
	if node.End.Offset <= node.Pos.Offset {
		node = o.Stmt // not known: the whole statement
	}
	text := it.Detail
	if text == "" {
		text = shortText(spanText(srcs, node))
	}
	if o.Bindings != "" {
		text += "   with " + o.Bindings
	}
	if it.Detail != "" || o.Bindings != "" || node != o.Stmt {
		text += "   (part of " + stmtPlace(o.Stmt) + ")"
	}
	return fmt.Sprintf("%s: %s", node.Pos, text)
}

// stmtPlace names the lines of a statement: "line 4", "lines 4-6", or in a
// session, where each statement is a source of its own, "[3]".
func stmtPlace(sp Span) string {
	if f := sp.Pos.File; strings.HasPrefix(f, "[") && strings.HasSuffix(f, "]") {
		return f
	}
	if sp.End.Line > sp.Pos.Line {
		return fmt.Sprintf("lines %d-%d", sp.Pos.Line, sp.End.Line)
	}
	return fmt.Sprintf("line %d", sp.Pos.Line)
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

// shortText is the text of an item on one line; a long one keeps its
// beginning and its end, where two parts that start alike differ
// (... = 22 and ... = 26).
func shortText(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= 100 {
		return string(r)
	}
	return strings.TrimRight(string(r[:60]), " ") + " ... " + strings.TrimLeft(string(r[len(r)-35:]), " ")
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
