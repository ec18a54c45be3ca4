package lang

import (
	"fmt"
	"sort"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Lowering evaluates a resolved file into an engine.Model. Declarations are
// lowered first, in order (a param may use the params before it); then
// constraints, objectives and show statements, which may use any variable.
//
// Everything that does not depend on a decision variable is computed here,
// so the engine only ever sees decision variables and constants. A
// top-level forall is unrolled into one constraint per generator value and
// a top-level "and" into its parts, so each engine constraint traces back
// to one statement and one set of generator values (Origin).
//
// Errors are collected with positions; an expression that failed evaluates
// to nil, and nil silently poisons what is built from it, so one mistake
// is reported once.

// maxGenerated bounds the elements generators and arrays may produce, so
// that a typo like 1..10^9 is an error rather than an out-of-memory kill.
const maxGenerated = 20_000_000

// The number of decision variables is bounded for the same reason; the
// memory their domains take is bounded by the memory limit (domainBytes).
const maxVars = 1_000_000

type lowerer struct {
	m            *engine.Model
	decomposeAll bool // globals as their decompositions (Input.Decompose)
	plainLookups bool // no hidden variables for lookups (Input.PlainLookups)
	valuesOnly   bool // a board too big to draw is no error (Input.ValuesOnly)
	prog         *Program
	errs         *ErrorList
	env          map[string]value
	binds        map[string]*binding
	params       map[string]bool
	enums        map[string]*Enum // the enums by their names and their constants' (enum.go)
	varNames     map[string]bool  // every variable the file declares, for messages
	declPos      map[string]Pos   // where each param and variable is declared
	batch        *Batch           // set while lowering a batch model once
	relax        map[string]bool  // variables whose domain is widened to universe (explain)
	universe     interval
	gens         []genValue // generator values in scope, for Origin
	stmt         Span       // the statement being lowered
	budget       int64      // elements left before maxGenerated
	srcs         Sources
	budgetX      bool  // budget exhausted, reported once
	domainMem    int64 // what the domains declared so far take in the search (domainBytes)

	falsePosted bool // a constant false constraint is in the model: no need for another

	// Definitions (defs.go): by name, the parameters bound by the calls
	// being lowered, and how many calls deep.
	defs       map[string]*DefStmt
	defArgs    []defArg
	defDepth   int
	declsDone  bool              // the declarations are lowered: l.failed is final
	defChecked map[*DefStmt]bool // defOK of each definition, once declsDone

	limit *guard // memory and stop limits (limits.go)

	elems elementLowering // element constraints of the statement (element.go)

	dropLowered bool  // Compile: the file is not used again, constraints' syntax can go
	expand      int64 // combinations of the generators around, in this statement; -1 unknown

	// Batch lowering: the statement that last used the batch param (or a
	// name declared from it), and those names.
	taintAt    Span
	taintOn    bool
	taintNames map[string]bool

	// Set by Compile, which lowers the statements that resolved even when
	// others did not: what resolution found of each statement, what the
	// model's and the data's statements that failed to parse would have
	// declared, and the names whose declaration failed or was skipped.
	// A statement that uses a failed name is skipped silently.
	res    *resolution
	broken broken
	data   broken
	failed map[string]bool
}

type genValue struct {
	name string
	v    int64
}

// lowerBatch lowers f for a batch, within the batch input's limits; when
// symbolic, the batch param stays symbolic.
func lowerBatch(f *File, binds map[string]*binding, srcs Sources, errs *ErrorList, batch *Batch, symbolic bool) *Program {
	b := batch
	if !symbolic {
		b = nil
	}
	l := newLowerer(binds, srcs, errs, b)
	l.limit = batch.guard
	l.decomposeAll = batch.in.Decompose
	l.plainLookups = batch.in.PlainLookups
	l.valuesOnly = batch.in.ValuesOnly
	return l.lower(f)
}

func newLowerer(binds map[string]*binding, srcs Sources, errs *ErrorList, batch *Batch) *lowerer {
	l := &lowerer{
		m: engine.NewModel(), errs: errs, env: map[string]value{}, binds: binds,
		params: map[string]bool{}, budget: maxGenerated, srcs: srcs, batch: batch, expand: 1, limit: &guard{},
	}
	l.prog = &Program{Model: l.m, env: l.env}
	for name, v := range predeclared {
		l.env[name] = intV(v)
	}
	return l
}

// lower lowers the declarations, then the rest.
func (l *lowerer) lower(f *File) *Program {
	errs := l.errs
	l.varNames = map[string]bool{}
	l.declPos = map[string]Pos{}
	l.defs = defsOf(f.Stmts)
	l.prog.defs = l.defs
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *VarDecl:
			for _, n := range s.Names {
				l.varNames[n.Name.Name] = true
				l.declPos[n.Name.Name] = n.Name.Pos
			}
		case *ParamDecl:
			l.declPos[s.Name.Name] = s.Name.Pos
		}
	}
	l.failed = map[string]bool{}
	if l.res != nil {
		for _, s := range f.Stmts {
			switch s.(type) {
			case *ParamDecl, *VarDecl:
			default:
				// A declaration inside a forall block, already reported.
				if info := l.res.stmts[s]; info != nil {
					for _, n := range info.declared {
						l.failed[n] = true
					}
				}
			}
		}
	}
	for _, s := range f.Stmts {
		if !l.startStmt(s) {
			break
		}
		switch s := s.(type) {
		case *ParamDecl:
			if l.skip(s) || l.dataBroken(s) {
				l.skipDecl(s)
				continue
			}
			l.param(s)
			l.taintDecl(s.Name.Name)
			l.checkDeclared(s.Name.Name)
		case *VarDecl:
			if l.skip(s) {
				l.skipDecl(s)
				continue
			}
			l.varDecl(s)
			for _, n := range s.Names {
				l.taintDecl(n.Name.Name)
				l.checkDeclared(n.Name.Name)
			}
		}
	}
	l.stmt = Span{} // no statement: an unused binding is no batch model's doing
	l.declsDone = true
	l.checkUnusedBindings()
	if l.res == nil && len(*errs) > 0 {
		return l.prog
	}
	objectives := 0
	for i, s := range f.Stmts {
		if !l.startStmt(s) {
			break
		}
		if _, ok := s.(*Objective); ok {
			objectives++
		}
		if l.skip(s) {
			continue
		}
		switch s := s.(type) {
		case *ConstraintStmt:
			l.post(s.Expr)
			if l.dropLowered {
				l.drop(f, i)
			}
		case *Objective:
			if objectives > 1 {
				l.errorf(s, "a model has at most one objective; this is the second")
				continue
			}
			l.objective(s)
		case *ShowStmt:
			l.show(s)
		case *SearchStmt:
			l.search(s) // search.go
		}
	}
	return l.prog
}

// drop lets go of the syntax of constraint statement i once it is
// lowered: nothing reads it again, and in a model of millions of
// statements the trees are most of the memory.
func (l *lowerer) drop(f *File, i int) {
	if l.res != nil {
		delete(l.res.stmts, f.Stmts[i])
	}
	f.Stmts[i] = nil
}

// startStmt makes s the statement being lowered; false if a limit has
// stopped compiling.
func (l *lowerer) startStmt(s Stmt) bool {
	l.stmt, l.expand = s.span(), 1
	return !l.limit.halted
}

// skip reports whether a statement is left out of lowering: resolving it
// found an error, or it uses a name that failed to parse, or whose
// declaration failed or was skipped.
func (l *lowerer) skip(s Stmt) bool {
	if l.res == nil {
		return false
	}
	info := l.res.stmts[s]
	if info == nil {
		return false
	}
	if info.bad || info.tainted {
		return true
	}
	for n := range info.uses {
		if l.failed[n] {
			return true
		}
	}
	return false
}

// dataBroken reports whether a param is named by a statement of a data
// file, or a -p value, that failed to parse (or may be): its value is
// unknown, so it is skipped rather than given its default.
func (l *lowerer) dataBroken(p *ParamDecl) bool {
	name := p.Name.Name
	if l.data.names[name] {
		return true
	}
	_, given := l.binds[name]
	return l.data.blind && !given && p.Value == nil
}

// skipDecl marks the names of a skipped declaration as failed. A param
// skipped because it uses a param that failed (param p[1..n] when n has
// no value) is still reported if it has no value: that is no follow-on.
func (l *lowerer) skipDecl(s Stmt) {
	var info *stmtInfo
	if l.res != nil {
		info = l.res.stmts[s]
	}
	if p, ok := s.(*ParamDecl); ok {
		b, given := l.binds[p.Name.Name]
		if given {
			b.used = true
		}
		if !given && p.Value == nil && info != nil && !info.bad && !info.tainted && !l.dataBroken(p) {
			l.missing(p)
		}
	}
	if info != nil {
		for _, n := range info.declared {
			l.failed[n] = true
		}
	}
}

// checkDeclared marks a name as failed if lowering its declaration did
// not give it a value.
func (l *lowerer) checkDeclared(name string) {
	if _, ok := l.env[name]; !ok {
		l.failed[name] = true
	}
}

func (l *lowerer) errorf(n Node, format string, args ...any) {
	sp := n.span()
	l.errs.Add(sp.Pos, sp.End, format, args...)
	if len(l.gens) > 0 {
		(*l.errs)[len(*l.errs)-1].gens = append([]genValue(nil), l.gens...)
	}
	if l.tainted() {
		(*l.errs)[len(*l.errs)-1].Kind = errSymbolic
	}
}

// While a batch model is lowered once, a statement that uses the batch
// param, or a name declared from it, is tainted: its errors may come from
// the param's values being unknown, not from a mistake in the model.
func (l *lowerer) taint(name string) {
	if l.batch != nil && (name == l.batch.Param || l.taintNames[name]) {
		l.taintAt, l.taintOn = l.stmt, true
	}
}

func (l *lowerer) tainted() bool { return l.taintOn && l.taintAt == l.stmt }

// taintDecl taints the names a tainted declaration declares.
func (l *lowerer) taintDecl(names ...string) {
	if !l.tainted() {
		return
	}
	if l.taintNames == nil {
		l.taintNames = map[string]bool{}
	}
	for _, n := range names {
		l.taintNames[n] = true
	}
}

// text returns the source text of a node, for messages and labels.
func (l *lowerer) text(n Node) string {
	sp := n.span()
	src := l.srcs[sp.Pos.File]
	if src == nil || sp.End.Offset <= sp.Pos.Offset || sp.End.Offset > len(src) {
		return "expression"
	}
	return strings.Join(strings.Fields(string(src[sp.Pos.Offset:sp.End.Offset])), " ")
}

func (l *lowerer) param(p *ParamDecl) {
	name := p.Name.Name
	l.params[name] = true
	l.enumParam(p)
	var v value
	if l.batch != nil && name == l.batch.Param {
		if v = l.batch.symbolicParam(l, p); v != nil {
			l.env[name] = v
		}
		return
	}
	if b, ok := l.binds[name]; ok {
		b.used = true
		if l.stringParam(name, b.value) {
			return
		}
		if !l.resolveBinding(b) {
			return
		}
		v = l.constValue(b.value, fmt.Sprintf("the value of %s", name))
	} else if p.Value != nil {
		if len(p.Shape) == 0 && l.stringParam(name, p.Value) {
			return
		}
		v = l.constValue(p.Value, fmt.Sprintf("the value of %s", name))
	} else {
		l.missing(p)
		return
	}
	if v == nil {
		return
	}
	if len(p.Shape) > 0 {
		v = l.reshape(p, v)
	}
	if v != nil {
		l.env[name] = v
	}
}

// missing reports a param without a value.
func (l *lowerer) missing(p *ParamDecl) {
	name := p.Name.Name
	l.errorf(p.Name, "param %s has no value: give it with -p %s=VALUE or in a data file", name, name)
	(*l.errs)[len(*l.errs)-1].Kind = ErrMissingParam
}

// resolveBinding checks the names in a value from a data file or -p as the
// resolver checks the model: it may use the params declared so far.
func (l *lowerer) resolveBinding(b *binding) bool {
	var errs ErrorList
	r := &resolver{globals: map[string]decl{}, errs: &errs, broken: l.broken, blind: l.broken.blind}
	for n := range l.env {
		r.globals[n] = decl{kind: declParam, pos: l.declPos[n]}
	}
	for n := range l.varNames {
		r.globals[n] = decl{kind: declVar, pos: l.declPos[n]}
	}
	for n := range l.failed {
		r.globals[n] = decl{kind: declParam, pos: l.declPos[n]}
	}
	r.defs = l.defs
	for n, d := range l.defs {
		r.globals[n] = decl{kind: declDef, pos: d.Name.Pos}
	}
	info := &stmtInfo{uses: map[string]bool{}}
	r.cur = info
	r.expr(b.value)
	*l.errs = append(*l.errs, errs...)
	if info.tainted {
		return false
	}
	for n := range info.uses {
		if l.failed[n] {
			return false // the value uses a name whose declaration failed
		}
	}
	return len(errs) == 0
}

// constValue evaluates an expression that must not depend on a variable.
func (l *lowerer) constValue(e Expr, what string) value {
	v := l.eval(e)
	if v == nil {
		return nil
	}
	if hasVars(v) {
		l.errorf(e, "%s must be a constant, but it depends on a variable", what)
		return nil
	}
	return v
}

func hasVars(v value) bool {
	switch v := v.(type) {
	case exprV:
		return true
	case *arrV:
		for _, e := range v.elems {
			if _, ok := e.(exprV); ok {
				return true
			}
		}
	}
	return false
}

// reshape gives a param value the declared index sets; the element count
// must match.
func (l *lowerer) reshape(p *ParamDecl, v value) value {
	dims := l.shape(p.Shape)
	if dims == nil {
		return nil
	}
	a, ok := v.(*arrV)
	if !ok {
		l.errorf(p.Name, "param %s is declared with shape %s but its value is a %s", p.Name.Name, (&arrV{dims: dims}).shape(), v.kind())
		return nil
	}
	n := int64(1)
	for _, d := range dims {
		n *= d.size()
	}
	if int64(len(a.elems)) != n || (len(a.dims) == len(dims) && !sameSizes(a.dims, dims)) {
		l.errorf(p.Name, "param %s is declared with shape %s (%d elements) but its value has shape %s (%d elements)",
			p.Name.Name, (&arrV{dims: dims}).shape(), n, a.shape(), len(a.elems))
		return nil
	}
	return &arrV{dims: dims, elems: a.elems}
}

func sameSizes(a, b []interval) bool {
	for i := range a {
		if a[i].size() != b[i].size() {
			return false
		}
	}
	return true
}

// shape evaluates the index sets of a declaration: each a constant range.
func (l *lowerer) shape(exprs []Expr) []interval {
	var dims []interval
	total := int64(1)
	for _, e := range exprs {
		v := l.constValue(e, "an index set")
		if v == nil {
			return nil
		}
		s, ok := v.(setV)
		if !ok || len(s) > 1 {
			l.errorf(e, "an index set must be a range lo..hi, found %s", describe(v))
			return nil
		}
		iv := interval{1, 0}
		if len(s) == 1 {
			iv = s[0]
		}
		if iv.size() > maxGenerated || (total > 0 && iv.size() > maxGenerated/max(total, 1)) {
			l.errorf(e, "index set %s is too large: an array may hold at most %d elements", l.text(e), maxGenerated)
			return nil
		}
		total *= iv.size()
		dims = append(dims, iv)
	}
	return dims
}

func (l *lowerer) varDecl(d *VarDecl) {
	dv := l.constValue(d.Domain, "a domain")
	if dv == nil {
		return
	}
	dom, ok := dv.(setV)
	if iv, isInt := dv.(intV); isInt {
		dom, ok = setV{{int64(iv), int64(iv)}}, true
	}
	if !ok {
		l.errorf(d.Domain, "a domain must be a set such as 1..9 or {1, 3, 5}, found %s", describe(dv))
		return
	}
	if len(dom) == 0 {
		l.errorf(d.Domain, "the domain %s is empty", l.text(d.Domain))
		return
	}
	if span, ok := engine.SubInt(dom[len(dom)-1].hi, dom[0].lo); !ok || span >= engine.MaxDomainWidth {
		l.errorf(d.Domain, "the domain %s is too wide: its largest value minus its smallest must be less than 2^63 - 1", l.text(d.Domain))
		return
	}
	// The domain goes to the engine as intervals: no value list is built
	// for a range, however wide.
	ivs, _ := engineIntervals(dom)
	enum := l.enumSet(d.Domain)
	for _, n := range d.Names {
		vals := ivs
		if l.relax[n.Name.Name] {
			vals, _ = engineIntervals(setV{l.universe})
		}
		if !l.checkVarBudget(n, engine.DomainBytes(vals[len(vals)-1].Hi-vals[0].Lo+1, len(vals))) {
			return
		}
		l.declareVar(n, vals, enum)
	}
}

// engineIntervals converts a set, sorted and merged, to the engine's
// intervals, with its number of values (the caller has checked that it
// fits).
func engineIntervals(s setV) ([]engine.Interval, int64) {
	ivs := make([]engine.Interval, len(s))
	size := int64(0)
	for i, iv := range s {
		ivs[i] = engine.Interval{Lo: iv.lo, Hi: iv.hi}
		size += iv.hi - iv.lo + 1
	}
	return ivs, size
}

func (l *lowerer) declareVar(n *VarName, values []engine.Interval, enum *Enum) {
	info := &VarInfo{Name: n.Name.Name, Pos: n.Name.Pos, Enum: enum}
	defer l.noteEnum(info)
	if len(n.Shape) == 0 {
		v, err := l.m.NewVarIntervals(n.Name.Name, values)
		if err != nil {
			l.errorf(n.Name, "%v", err)
			return
		}
		info.Vars = []engine.Var{v}
		l.env[info.Name] = exprV{l.m.Ref(v)}
		l.prog.Decls = append(l.prog.Decls, info)
		return
	}
	dims := l.shape(n.Shape)
	if dims == nil {
		return
	}
	arr := &arrV{dims: dims}
	for i, d := range dims {
		info.Dims = append(info.Dims, Range{d.lo, d.hi})
		info.Index = append(info.Index, l.enumSet(n.Shape[i]))
	}
	idx := make([]int64, len(dims))
	for i := range idx {
		idx[i] = dims[i].lo
	}
	count := int64(1)
	for _, d := range dims {
		count *= d.size()
	}
	if !l.spend(count, n.Name) {
		return
	}
	for k := int64(0); k < count; k++ {
		if !l.tick() { // a million variables take a while
			return
		}
		v, err := l.m.NewVarIntervals(elemName(info.Name, idx, info.Index), values)
		if err != nil {
			l.errorf(n.Name, "%v", err)
			return
		}
		info.Vars = append(info.Vars, v)
		arr.elems = append(arr.elems, exprV{l.m.Ref(v)})
		nextIndex(idx, dims)
	}
	l.env[info.Name] = arr
	l.prog.Decls = append(l.prog.Decls, info)
}

// checkVarBudget reports whether declaring n (with its shape), each
// variable's domain taking bytes in the search (engine.DomainBytes),
// keeps the model within maxVars variables and its domains within the
// memory limit.
func (l *lowerer) checkVarBudget(n *VarName, bytes int64) bool {
	count := int64(1)
	for _, e := range n.Shape {
		if s, ok := l.eval(e).(setV); ok && len(s) == 1 {
			count *= max(1, min(s[0].size(), maxVars+1))
		}
	}
	vars := int64(l.m.NumVars()) + count
	if vars > maxVars {
		l.errorf(n.Name, "%s would take the model past the %d variables csp allows", n.Name.Name, maxVars)
		return false
	}
	if l.domainMem += count * bytes; l.domainMem > l.domainBudget() {
		l.errorf(n.Name, "%s would take the domains of the model to about %s of memory, more than the memory limit of %s",
			n.Name.Name, SizeText(l.domainMem), SizeText(l.domainBudget()))
		return false
	}
	return true
}

// elemName names an element of an array, house[Japanese] by the names
// of an index set declared as an enum.
func elemName(name string, idx []int64, enums []*Enum) string {
	parts := make([]string, len(idx))
	for i, v := range idx {
		if enums[i] != nil {
			parts[i] = enums[i].Label(v)
		} else {
			parts[i] = itoa(v)
		}
	}
	return name + "[" + strings.Join(parts, ",") + "]"
}

// nextIndex advances idx to the next index tuple in row-major order.
func nextIndex(idx []int64, dims []interval) {
	for i := len(idx) - 1; i >= 0; i-- {
		if idx[i] < dims[i].hi {
			idx[i]++
			return
		}
		idx[i] = dims[i].lo
	}
}

// spend takes n elements from the generation budget.
func (l *lowerer) spend(n int64, at Node) bool {
	if n <= l.budget {
		l.budget -= n
		return true
	}
	if !l.budgetX {
		l.budgetX = true
		l.errorf(at, "the model is too large: generators and arrays produce more than %d elements", maxGenerated)
	}
	l.budget = 0
	return false
}

func (l *lowerer) checkUnusedBindings() {
	names := make([]string, 0, len(l.params))
	for n := range l.params {
		names = append(names, n)
	}
	sort.Strings(names)
	if l.broken.blind {
		return // the model was not all read: the param may be declared in what was not
	}
	for _, b := range l.binds {
		if l.res != nil && l.res.unknown[b.name.Name] {
			continue // the model uses the name without declaring it: one mistake
		}
		if !b.used && !l.broken.names[b.name.Name] {
			l.errorf(b.name, "%s sets %s, which the model does not declare as a param%s", b.from, b.name.Name, didYouMean(b.name.Name, names))
		}
	}
}

func (l *lowerer) objective(o *Objective) {
	v := l.eval(o.Expr)
	if v == nil {
		return
	}
	e := l.toExpr(v, o.Expr)
	if e == nil {
		return
	}
	sense := engine.Minimize
	if o.Sense == "maximize" {
		sense = engine.Maximize
	}
	l.m.SetObjective(sense, l.objectiveExpr(o, e)) // element.go
	l.prog.Objective = o.span()
}

// describe names a value's kind for messages: "a number", "the list [...]".
func describe(v value) string {
	switch v := v.(type) {
	case intV:
		return "the number " + itoa(int64(v))
	case exprV:
		return "a number that depends on a variable"
	case setV:
		return "a set"
	case blankV:
		return "a blank"
	case *arrV:
		return "a " + v.kind() + " " + v.shape()
	}
	return "nothing"
}
