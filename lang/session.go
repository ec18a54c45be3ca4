package lang

import (
	"sort"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// What an interactive session needs from the front end: to know when typed
// text is complete, to tell a constraint from a question about the model,
// to evaluate such a question, and to print domains.

// Incomplete reports whether text stops where a statement cannot end:
// inside an open bracket, or after an operator, "," or ":" that continues
// the line. An interactive front end (csp repl) then reads another line
// and tries again with both, as Python's codeop does for its prompt; text
// with a mistake that more lines cannot mend is not incomplete, so that
// Compile reports it at once.
func Incomplete(text []byte) bool {
	s := &scanner{file: "", src: string(text), line: 1, col: 1}
	for s.off < len(s.src) && len(s.errs) < maxScanErrors && !s.fatal {
		s.step()
	}
	if len(s.errs) > 0 {
		return false // more lines cannot mend it: let the parser say why
	}
	if len(s.parens) > 0 {
		return true
	}
	for i := len(s.toks) - 1; i >= 0; i-- {
		t := s.toks[i]
		if t.Value == ";" && t.Type == tokPunct {
			return false
		}
		return t.Type != tokString && continuesLine[t.Value]
	}
	return false
}

// IsQuery reports whether a statement parsed from a session's input asks
// for a value rather than stating a constraint: a name, an arithmetic
// expression, an aggregate or an index (q, sum(q), cell[1, ..]), which
// Query then evaluates. Comparisons, logic, quantifiers and global
// constraints are constraints. The use of one of the program's expression
// definitions is a query when its body would be one (total, row(r)); a
// constraint block is a constraint.
func (p *Program) IsQuery(s Stmt) bool {
	c, ok := s.(*ConstraintStmt)
	if !ok || p == nil {
		return isQuery(s)
	}
	return p.isQueryExpr(c.Expr, 0)
}

func (p *Program) isQueryExpr(e Expr, depth int) bool {
	r := &resolver{defs: p.defs}
	if d := r.defOf(e); d != nil {
		if _, bound := p.env[d.Name.Name]; !bound {
			if d.Block != nil || depth >= maxDefDepth {
				return false
			}
			return p.isQueryExpr(d.Body, depth+1)
		}
	}
	return isQuery(&ConstraintStmt{Expr: e})
}

// isQuery is Program.IsQuery without the program's definitions.
func isQuery(s Stmt) bool {
	c, ok := s.(*ConstraintStmt)
	if !ok {
		return false
	}
	switch e := c.Expr.(type) {
	case *Binary:
		switch e.Op {
		case "+", "-", "*", "/", "%", "^", "..", "union", "diff", "++":
			return true
		}
		return false
	case *Unary:
		return e.Op == "-"
	case *Call:
		return !builtins[e.Fun.Name].constraint
	case *Quant:
		return false
	}
	return true
}

// A Query is an expression evaluated in a compiled program, to be shown
// against a solution or against the current domains.
type Query struct {
	Text  string
	val   value
	enums map[engine.Var]*Enum // the program's varEnums: a variable's values by name
}

// Query evaluates an expression typed in a session in the program's final
// environment: every param and variable is in scope.
func (p *Program) Query(src Source) (*Query, error) {
	e, err := ParseExpr(src.Name, src.Text)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	r := &resolver{globals: map[string]decl{}, errs: &errs, defs: p.defs}
	declPos := map[string]Pos{}
	for name := range p.env {
		r.globals[name] = decl{kind: declParam}
		declPos[name] = Pos{}
	}
	for name, d := range p.defs {
		r.globals[name] = decl{kind: declDef, pos: d.Name.Pos}
	}
	r.expr(e)
	if len(errs) > 0 {
		return nil, errs
	}
	srcs := Sources{src.Name: src.Text}
	for name, text := range p.Sources {
		if name != src.Name {
			srcs[name] = text
		}
	}
	l := &lowerer{m: p.Model, prog: &Program{}, errs: &errs, env: p.env, params: map[string]bool{},
		budget: maxGenerated, srcs: srcs, expand: 1, limit: &guard{}, defs: p.defs, declPos: declPos}
	v := l.eval(e)
	if len(errs) > 0 || v == nil {
		return nil, errs
	}
	return &Query{Text: strings.TrimSpace(string(src.Text)), val: v, enums: p.varEnums}, nil
}

// IsConstant reports whether the query's value depends on no variable.
func (q *Query) IsConstant() bool { return !hasVars(q.val) }

// Value formats the query's value in a solution.
func (q *Query) Value(sol Solution) string { return inline(namedVars(q.val, sol, q.enums)) }

// Named formats "text = value" as a solution shows a named value: a
// matrix row by row, anything else on one line.
func (q *Query) Named(sol Solution) string {
	var b strings.Builder
	writeNamed(&b, q.Text, namedVars(q.val, sol, q.enums))
	return b.String()
}

// Domains formats what is known of the query without a solution: the
// domain of a variable, the domains of a list of variables, or an
// interval for a compound expression. domain gives a variable's domain
// as intervals (engine.Solver.DomainIntervals).
func (q *Query) Domains(domain func(engine.Var) []engine.Interval) string {
	return domainsOf(q.val, domain, q.enums)
}

func domainsOf(v value, domain func(engine.Var) []engine.Interval, enums map[engine.Var]*Enum) string {
	switch v := v.(type) {
	case exprV:
		if ref, ok := v.e.(*engine.VarExpr); ok {
			if e := enums[ref.V]; e != nil {
				return e.FormatIntervals(domain(ref.V))
			}
			return FormatIntervals(domain(ref.V))
		}
		lo, hi := v.e.Bounds()
		return itoa(lo) + ".." + itoa(hi) + " (bounds from the initial domains)"
	case *arrV:
		parts := make([]string, len(v.elems))
		for i, e := range v.elems {
			parts[i] = domainsOf(e, domain, enums)
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return inline(v)
}

// FormatDomain writes a sorted set of values as a range (4..9), a single
// value (5) or a set ({1, 5, 7}, with ranges inside when they help:
// {1..3, 7}).
func FormatDomain(values []int64) string {
	var ivs []engine.Interval
	for _, v := range values {
		if n := len(ivs); n > 0 && ivs[n-1].Hi+1 == v {
			ivs[n-1].Hi = v
		} else {
			ivs = append(ivs, engine.Interval{Lo: v, Hi: v})
		}
	}
	return FormatIntervals(ivs)
}

// wideDomain is the number of values from which a domain with gaps is
// written as its range minus the gaps.
const wideDomain = 1 << 16

// FormatIntervals writes a set given as sorted, disjoint, non-adjacent
// intervals as FormatDomain does, except that a set of more than 2^16
// values with gaps is written as its range minus the gaps, when that is
// shorter: 0..1000000000 diff {5} (the language's own notation, so that
// it reads back as the same set).
func FormatIntervals(ivs []engine.Interval) string {
	switch {
	case len(ivs) == 0:
		return "{}"
	case len(ivs) == 1 && ivs[0].Lo == ivs[0].Hi:
		return itoa(ivs[0].Lo)
	case len(ivs) == 1:
		return itoa(ivs[0].Lo) + ".." + itoa(ivs[0].Hi)
	}
	set := make(setV, len(ivs))
	gaps := make(setV, 0, len(ivs)-1)
	size := uint64(0)
	for i, iv := range ivs {
		set[i] = interval{iv.Lo, iv.Hi}
		size += uint64(iv.Hi-iv.Lo) + 1
		if i > 0 {
			gaps = append(gaps, interval{ivs[i-1].Hi + 1, iv.Lo - 1})
		}
	}
	s := inline(set)
	if size > wideDomain {
		d := itoa(ivs[0].Lo) + ".." + itoa(ivs[len(ivs)-1].Hi) + " diff " + inline(gaps)
		if len(d) < len(s) {
			return d
		}
	}
	return s
}

// VarsOf returns the variables that the statements of source name touch:
// those it declares and those its constraints mention, in order.
func (p *Program) VarsOf(name string) []engine.Var {
	seen := map[engine.Var]bool{}
	var out []engine.Var
	declared := p.Declared() // not the variables lowering made
	add := func(v engine.Var) {
		if declared[v] && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, d := range p.Decls {
		if d.Pos.File == name {
			for _, v := range d.Vars {
				add(v)
			}
		}
	}
	cons := p.Model.Constraints()
	for i := range min(p.origins.len(), len(cons)) {
		if p.Origin(i).Stmt.Pos.File != name {
			continue
		}
		c := cons[i]
		es := append([]engine.Expr{c.Expr}, c.Args...)
		if c.Global != nil {
			es = append(es, c.Global.Args()...)
		}
		for _, e := range es {
			walkVars(e, add)
		}
	}
	return out
}

func walkVars(e engine.Expr, f func(engine.Var)) {
	visitExpr(e, func(n engine.Expr) {
		if v, ok := n.(*engine.VarExpr); ok {
			f(v.V)
		}
	})
}

// visitExpr calls f on every node of an expression, parents first.
func visitExpr(e engine.Expr, f func(engine.Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *engine.Unary:
		visitExpr(e.X, f)
	case *engine.Binary:
		visitExpr(e.X, f)
		visitExpr(e.Y, f)
	case *engine.Nary:
		for _, a := range e.Args {
			visitExpr(a, f)
		}
	case *engine.InSet:
		visitExpr(e.X, f)
	case *engine.IfThenElse:
		visitExpr(e.Cond, f)
		visitExpr(e.Then, f)
		visitExpr(e.Else, f)
	case *engine.Element:
		visitExpr(e.Index, f)
		for _, it := range e.Items {
			visitExpr(it, f)
		}
	}
}

// StmtText returns the source text of a statement of f.
func StmtText(f *File, s Stmt) string {
	sp := s.span()
	if sp.Pos.Offset < 0 || sp.End.Offset > len(f.Src) || sp.End.Offset < sp.Pos.Offset {
		return ""
	}
	return string(f.Src[sp.Pos.Offset:sp.End.Offset])
}

// DataName returns the param a data-file statement (name = value, or
// param name = value) sets.
func DataName(s Stmt) (string, bool) {
	var errs ErrorList
	b := dataBinding(s, &errs)
	if b == nil {
		return "", false
	}
	return b.name.Name, true
}

// Names returns the names in scope after lowering: params, variables and
// the predeclared constants, sorted.
func (p *Program) Names() []string {
	names := make([]string, 0, len(p.env)+len(p.defs))
	for n := range p.env {
		names = append(names, n)
	}
	for n := range p.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
