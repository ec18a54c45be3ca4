package lang

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/csp-lang/csp/engine"
)

// Element constraints: a[i] with i a variable, posted as the engine's
// element global (engine/element.go), which is domain consistent on the
// index and the result, where the v1 expression engine.Element (which
// index.go builds) propagates only once one of its variables is left.
//
// The global needs a variable for the result. A constraint that is
// exactly y = a[i] or a[i] = y (y a variable or a constant) has one. In
// other places the lookup is named: a new variable z, the global
// element(i, a, z), and z in the constraint instead of a[i]. That is
// exact where an undefined lookup (an index out of range) makes the whole
// constraint false anyway, a "strict" position: by the rules of
// engine/expr.go, under operators of arithmetic (+ - * / % abs, sum, min,
// max, product, count) and at most one comparison or membership at the
// top of a constraint, and under the arithmetic of an objective (a
// solution's objective is defined). There z and a[i] agree on every
// solution, and the global excludes the index values outside a. Under
// not, or, ->, xor, <->, an if, a where that depends on a variable, or a
// comparison inside arithmetic ((a[i] = 3) + b), a lookup stays the v1
// expression, whose undefined value the logic around it sees. So do
// lookups whose items are not all variables or constants, and those whose
// named domain would be too wide.
//
// The new variables are functionally determined by the declared ones, so
// they change no solution count, and no output shows them (Declared).
// Their names, for traces, are the source text with the generator values
// in place: dist[3, succ[3]]. An index that is not a variable plus a
// constant (a[x + y]) is named the same way, by a variable over the index
// set, with the constraint that it equals the index expression.

// namedLookups can be turned off by tests, to compare with the v1
// lowering.
var namedLookups = true

// elementSite is what index.go knows of an element it built.
type elementSite struct {
	name  string        // the source text, generator values in place
	idx   []engine.Expr // the variable indices, one per dimension left
	names []string      // per index: its name, for an index to be named
	dims  []interval    // the dimensions left once constant indices cut a
	items []engine.Expr // the cells left, row-major
}

// elementLowering keeps the elements built by the evaluation of one
// expression, until the constraints made of it are posted, and the
// variables that name them. A lookup is named once, and only within its
// statement: a statement's constraints (what --explain keeps or drops
// together) bring their own. An element unknown here is left as it is.
type elementLowering struct {
	stmt     Span
	sites    map[*engine.Element]*elementSite
	named    map[*engine.Element]engine.Expr // a variable, or nil: left as it is
	consumed bool                            // constraints were posted since the last element
	width    int64                           // the domain widths of the variables made
}

// The widest domain of a variable naming a lookup or an index, and of
// all of them together (a variable, so that tests can reach it).
const maxNamedWidth = 1 << 20

var maxNamedWidths int64 = 1 << 27

// noteElement records what index.go knows of e.
func (l *lowerer) noteElement(e *engine.Element, ix *Index, idx []engine.Expr, nodes []Expr, dims []interval, items []engine.Expr) {
	st := &l.elems
	if st.sites == nil || st.consumed || st.stmt != l.stmt {
		// A new evaluation: the elements of the last one are posted.
		*st = elementLowering{stmt: l.stmt, width: st.width,
			sites: map[*engine.Element]*elementSite{}, named: map[*engine.Element]engine.Expr{}}
	}
	site := &elementSite{name: l.sourceName(ix), idx: idx, dims: dims, items: items, names: make([]string, len(idx))}
	for d, x := range idx {
		if _, _, ok := varPlus(x); !ok {
			site.names[d] = l.sourceName(nodes[d])
		}
	}
	st.sites[e] = site
}

// hasElements reports whether the statement being lowered built elements.
func (l *lowerer) hasElements() bool {
	return namedLookups && !l.plainLookups && len(l.elems.sites) > 0 && l.elems.stmt == l.stmt
}

// requireExpr posts a constraint that must hold.
func (l *lowerer) requireExpr(n Node, e engine.Expr) {
	if l.hasElements() {
		l.elems.consumed = true
		if l.postLookupEq(n, e) {
			return
		}
		e = l.strictTop(n, e)
	}
	l.record(n, l.m.Require(e))
}

// objectiveExpr is the expression an objective is lowered to.
func (l *lowerer) objectiveExpr(o *Objective, e engine.Expr) engine.Expr {
	if !l.hasElements() {
		return e
	}
	l.elems.consumed = true
	return l.strictNum(o, e)
}

// postLookupEq posts y = a[i] (either way round) as the global with
// result y, and reports whether it did.
func (l *lowerer) postLookupEq(n Node, e engine.Expr) bool {
	b, ok := e.(*engine.Binary)
	if !ok || b.Op != engine.OpEq {
		return false
	}
	return l.postLookup(n, b.X, b.Y) || l.postLookup(n, b.Y, b.X)
}

func (l *lowerer) postLookup(n Node, lookup, result engine.Expr) bool {
	el, ok := lookup.(*engine.Element)
	site := l.elems.sites[el]
	if !ok || site == nil || !simpleExprs(site.items) {
		return false
	}
	result = l.strictNum(n, result)
	if !simpleExprs([]engine.Expr{result}) {
		return false
	}
	plan := l.planLookup(n, site)
	if plan == nil || !l.postPlan(n, plan, site, result) {
		return false
	}
	l.elems.named[el] = result // a[i] = result on every solution
	return true
}

// strictTop rewrites constraint e, naming the lookups in strict positions.
func (l *lowerer) strictTop(n Node, e engine.Expr) engine.Expr {
	switch x := e.(type) {
	case *engine.Binary:
		if x.Op.IsRelation() {
			return rebuildBinary(x, l.strictNum(n, x.X), l.strictNum(n, x.Y))
		}
	case *engine.InSet:
		if y := l.strictNum(n, x.X); y != x.X {
			return engine.NewInSet(y, x.Set, x.Negated)
		}
		return e
	}
	return l.strictNum(n, e)
}

// strictNum rewrites number e, whose being undefined makes the constraint
// (or the objective) false, naming the lookups in it that are strict too.
// A node that does not change is kept, not copied.
func (l *lowerer) strictNum(n Node, e engine.Expr) engine.Expr {
	switch x := e.(type) {
	case *engine.Element:
		if z := l.nameLookup(n, x); z != nil {
			return z
		}
		// Left as it is; an undefined index still makes it undefined.
		if idx := l.strictNum(n, x.Index); idx != x.Index {
			if r, err := engine.NewElement(idx, x.Base, x.Items); err == nil {
				return r
			}
		}
	case *engine.Unary:
		if x.Op == engine.OpNot {
			return e
		}
		if y := l.strictNum(n, x.X); y != x.X {
			if r, err := engine.NewUnary(x.Op, y); err == nil {
				return r
			}
		}
	case *engine.Binary:
		if !x.Op.IsRelation() && !x.Op.IsLogical() {
			return rebuildBinary(x, l.strictNum(n, x.X), l.strictNum(n, x.Y))
		}
	case *engine.Nary:
		if x.Op == engine.OpAll || x.Op == engine.OpAny {
			return e
		}
		var args []engine.Expr // copied at the first change
		for i, a := range x.Args {
			b := l.strictNum(n, a)
			if b != a && args == nil {
				args = slices.Clone(x.Args)
			}
			if args != nil {
				args[i] = b
			}
		}
		if args != nil {
			if r, err := engine.NewNary(x.Op, args); err == nil {
				return r
			}
		}
	}
	return e
}

// rebuildBinary returns x with operands a and b: x itself if they are
// its own, or if the new node cannot be built (the named operands have
// the bounds of what they name, or narrower, so it always can).
func rebuildBinary(x *engine.Binary, a, b engine.Expr) engine.Expr {
	if a == x.X && b == x.Y {
		return x
	}
	if r, err := engine.NewBinary(x.Op, a, b); err == nil {
		return r
	}
	return x
}

// nameLookup returns the variable naming lookup el, made and linked by
// the global the first time, or nil if el stays as it is.
func (l *lowerer) nameLookup(n Node, el *engine.Element) engine.Expr {
	st := &l.elems
	if z, ok := st.named[el]; ok {
		return z
	}
	st.named[el] = nil
	site := st.sites[el]
	if site == nil || !simpleExprs(site.items) {
		return nil
	}
	plan := l.planLookup(n, site)
	if plan == nil {
		return nil
	}
	ivs, width, _ := l.lookupDomain(plan, site)
	if !l.affords(width) {
		return nil
	}
	v, err := l.m.NewVarIntervals(site.name, ivs)
	if err != nil {
		return nil
	}
	l.spendNamed(width)
	z := l.m.Ref(v)
	if !l.postPlan(n, plan, site, z) {
		// A named index did not fit the limits: z = a[i] in v1 form
		// still makes z the lookup.
		eq, err := engine.NewBinary(engine.OpEq, z, el)
		if err != nil {
			return nil // cannot happen: z has the bounds of el, or narrower
		}
		l.record(n, l.m.Require(eq))
	}
	st.named[el] = z
	return z
}

// affords reports whether a named variable of this domain fits the limits.
func (l *lowerer) affords(width int64) bool {
	return width > 0 && width <= maxNamedWidth && l.elems.width+width <= maxNamedWidths &&
		l.domainMem+domainBytes(width) <= l.domainBudget() && l.m.NumVars() < maxVars
}

func (l *lowerer) spendNamed(width int64) {
	l.elems.width += width
	l.domainMem += domainBytes(width)
}

// simpleExprs reports whether every expression is a variable or a
// constant, as the global's arguments must be.
func simpleExprs(es []engine.Expr) bool {
	for _, e := range es {
		switch e.(type) {
		case *engine.VarExpr, *engine.Const:
		default:
			return false
		}
	}
	return true
}

// varPlus splits x + c, x - c and c + x (x a variable) into x and c.
func varPlus(e engine.Expr) (*engine.VarExpr, int64, bool) {
	switch e := e.(type) {
	case *engine.VarExpr:
		return e, 0, true
	case *engine.Binary:
		x, xv := e.X.(*engine.VarExpr)
		y, yv := e.Y.(*engine.VarExpr)
		cx, xc := e.X.(*engine.Const)
		cy, yc := e.Y.(*engine.Const)
		switch {
		case e.Op == engine.OpAdd && xv && yc:
			return x, cy.V, true
		case e.Op == engine.OpAdd && xc && yv:
			return y, cx.V, true
		case e.Op == engine.OpSub && xv && yc && cy.V != -1<<63:
			return x, -cy.V, true
		}
	}
	return nil, 0, false
}

// lookupPlan is how an element becomes the global: per dimension, the
// index argument (a variable or a constant) and its index set, or an
// index expression to name by a variable over reach.
type lookupPlan struct {
	idx   []engine.Expr
	dims  []engine.Interval
	raw   []engine.Expr
	reach []engine.Interval // for a raw index: where it can be in range
}

// planLookup decides the global's index arguments, or returns nil if it
// cannot be posted. An index x + c becomes x over the index set shifted
// by -c; an index that is neither is raw, to be named.
func (l *lowerer) planLookup(n Node, site *elementSite) *lookupPlan {
	nd := len(site.idx)
	p := &lookupPlan{idx: make([]engine.Expr, nd), dims: make([]engine.Interval, nd),
		raw: make([]engine.Expr, nd), reach: make([]engine.Interval, nd)}
	for d, e := range site.idx {
		e = l.strictNum(n, e) // an undefined index makes the lookup undefined
		lo, hi := site.dims[d].lo, site.dims[d].hi
		if c, ok := e.(*engine.Const); ok {
			p.idx[d], p.dims[d] = c, engine.Interval{Lo: lo, Hi: hi}
			continue
		}
		if x, c, ok := varPlus(e); ok {
			slo, ok1 := engine.SubInt(lo, c)
			shi, ok2 := engine.SubInt(hi, c)
			if ok1 && ok2 {
				p.idx[d], p.dims[d] = x, engine.Interval{Lo: slo, Hi: shi}
				continue
			}
		}
		blo, bhi := e.Bounds()
		if max(lo, blo) > min(hi, bhi) || site.names[d] == "" {
			return nil
		}
		p.raw[d], p.dims[d] = e, engine.Interval{Lo: lo, Hi: hi}
		p.reach[d] = engine.Interval{Lo: max(lo, blo), Hi: min(hi, bhi)}
	}
	if _, err := engine.NewElementConstraint(p.idx0(), p.dims, site.items, engine.NewConst(0)); err != nil {
		return nil
	}
	return p
}

// idx0 is the index arguments with a placeholder for the raw ones.
func (p *lookupPlan) idx0() []engine.Expr {
	out := slices.Clone(p.idx)
	for d, e := range out {
		if e == nil {
			out[d] = engine.NewConst(p.dims[d].Lo)
		}
	}
	return out
}

// postPlan names the raw indices and posts the global with the result.
func (l *lowerer) postPlan(n Node, p *lookupPlan, site *elementSite, result engine.Expr) bool {
	idx := slices.Clone(p.idx)
	for d, raw := range p.raw {
		if raw == nil {
			continue
		}
		r := p.reach[d]
		if !l.affords(r.Hi - r.Lo + 1) {
			return false
		}
		v, err := l.m.NewVarIntervals(site.names[d], []engine.Interval{r})
		if err != nil {
			return false
		}
		l.spendNamed(r.Hi - r.Lo + 1)
		idx[d] = l.m.Ref(v)
		eq, err := engine.NewBinary(engine.OpEq, idx[d], raw)
		if err != nil {
			return false
		}
		l.record(n, l.m.Require(eq))
	}
	g, err := engine.NewElementConstraint(idx, p.dims, site.items, result)
	if err != nil {
		return false
	}
	l.record(n, l.m.Post(g))
	return true
}

// lookupDomain is the union of the domains of the items that the index
// domains can reach, with its width and size.
func (l *lowerer) lookupDomain(p *lookupPlan, site *elementSite) ([]engine.Interval, int64, int64) {
	reach := make([][]bool, len(p.dims))
	for d, dim := range p.dims {
		reach[d] = make([]bool, dim.Hi-dim.Lo+1)
		var ivs []engine.Interval
		switch x := p.idx[d].(type) {
		case *engine.VarExpr:
			ivs = l.m.InitialIntervals(x.V)
		case *engine.Const:
			ivs = []engine.Interval{{Lo: x.V, Hi: x.V}}
		default:
			ivs = []engine.Interval{p.reach[d]}
		}
		for _, iv := range ivs {
			if iv.Hi < dim.Lo || iv.Lo > dim.Hi {
				continue
			}
			for o := max(iv.Lo, dim.Lo) - dim.Lo; o <= min(iv.Hi, dim.Hi)-dim.Lo; o++ {
				reach[d][o] = true
			}
		}
	}
	var ivs []engine.Interval
	for k, it := range site.items {
		rest := k
		ok := true
		for d := len(p.dims) - 1; d >= 0 && ok; d-- {
			size := len(reach[d])
			ok = reach[d][rest%size]
			rest /= size
		}
		if !ok {
			continue
		}
		switch it := it.(type) {
		case *engine.Const:
			ivs = append(ivs, engine.Interval{Lo: it.V, Hi: it.V})
		case *engine.VarExpr:
			ivs = append(ivs, l.m.InitialIntervals(it.V)...)
		}
	}
	ivs = mergeIntervals(ivs)
	if len(ivs) == 0 {
		return nil, 0, 0
	}
	width, ok := engine.SubInt(ivs[len(ivs)-1].Hi, ivs[0].Lo)
	if !ok || width >= maxNamedWidth {
		return nil, 0, 0
	}
	size := int64(0)
	for _, iv := range ivs {
		size += iv.Hi - iv.Lo + 1
	}
	return ivs, width + 1, size
}

// mergeIntervals sorts intervals and merges those that overlap or touch.
func mergeIntervals(ivs []engine.Interval) []engine.Interval {
	slices.SortFunc(ivs, func(a, b engine.Interval) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	var out []engine.Interval
	for _, iv := range ivs {
		if n := len(out); n > 0 && (iv.Lo <= out[n-1].Hi || iv.Lo-1 == out[n-1].Hi) {
			out[n-1].Hi = max(out[n-1].Hi, iv.Hi)
			continue
		}
		out = append(out, iv)
	}
	return out
}

// sourceName is the text of n on one line, with the values of the
// generators in scope in place of their names: dist[i, succ[i]] at i = 3
// in "for i in 1..n" reads dist[3, succ[3]]. Params keep their names.
// A long text keeps its beginning and its end.
func (l *lowerer) sourceName(n Node) string {
	text := l.text(n)
	var b strings.Builder
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !isIdentRune(r) {
			b.WriteRune(r)
			i += w
			continue
		}
		j := i + w
		for j < len(text) {
			r2, w2 := utf8.DecodeRuneInString(text[j:])
			if !isIdentRune(r2) {
				break
			}
			j += w2
		}
		word := text[i:j]
		_, pre := predeclared[word]
		if v, ok := l.env[word].(intV); ok && !unicode.IsDigit(r) && !l.params[word] && !pre {
			b.WriteString(itoa(int64(v)))
		} else {
			b.WriteString(word)
		}
		i = j
	}
	s := []rune(b.String())
	if len(s) > 60 {
		return string(s[:40]) + "..." + string(s[len(s)-17:])
	}
	return string(s)
}

// Declared reports, for each engine variable, whether the model declares
// it: the others are the variables lowering made (a named lookup), which
// no output shows.
func (p *Program) Declared() []bool {
	out := make([]bool, p.Model.NumVars())
	for _, d := range p.Decls {
		for _, v := range d.Vars {
			out[v] = true
		}
	}
	return out
}
