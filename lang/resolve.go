package lang

import (
	"fmt"

	"github.com/csp-lang/csp/internal/spell"
)

// The resolver checks names before anything is evaluated, so that every
// unknown or duplicated name in a file is reported in one run, even in code
// that evaluation would never reach (the untaken branch of an if).
//
// Scopes: params and vars are global and may be used anywhere after their
// declaration (vars: anywhere in constraints, show and objectives, since
// those are lowered after all declarations). Generator names are local to
// their quantifier, comprehension or aggregate and may not shadow a global
// or an enclosing generator: a reader should never have to wonder which n
// is meant. Function names live in their own namespace (builtins).
//
// Definitions (defs.go) may be used anywhere in the file, before or after
// the line that writes them, and so may the params and variables in their
// bodies: a body is checked once the whole file is. A definition's name
// may be no builtin's, param's or variable's; its parameters are local to
// its body and may shadow params and variables.

type declKind uint8

const (
	declParam declKind = iota
	declVar
	declGen
	declConst // true, false
	declDef   // a definition
	declArg   // a parameter of a definition
)

func (k declKind) String() string {
	return [...]string{"parameter", "variable", "generator variable", "constant", "definition", "parameter of a definition"}[k]
}

type decl struct {
	kind declKind
	pos  Pos
}

type builtin struct {
	minArgs, maxArgs int  // maxArgs < 0: any number
	gens             bool // accepts the f(e for i in ...) form
	showOnly         bool
	constraint       bool // a global constraint
}

var builtins = map[string]builtin{
	"alldiff":       {minArgs: 1, maxArgs: 1, constraint: true},
	"alldifferent":  {minArgs: 1, maxArgs: 1, constraint: true},
	"all_different": {minArgs: 1, maxArgs: 1, constraint: true},
	"diagonal":      {minArgs: 1, maxArgs: 1, constraint: true},
	"increasing":    {minArgs: 1, maxArgs: 1, constraint: true},
	"decreasing":    {minArgs: 1, maxArgs: 1, constraint: true},
	"sum":           {minArgs: 1, maxArgs: -1, gens: true},
	"product":       {minArgs: 1, maxArgs: -1, gens: true},
	"count":         {minArgs: 1, maxArgs: -1, gens: true},
	"min":           {minArgs: 1, maxArgs: -1, gens: true},
	"max":           {minArgs: 1, maxArgs: -1, gens: true},
	"abs":           {minArgs: 1, maxArgs: 1},
	"length":        {minArgs: 1, maxArgs: 2},
	"board":         {minArgs: 1, maxArgs: 1, showOnly: true},
	"grid":          {minArgs: 1, maxArgs: 3, showOnly: true},
}

var predeclared = map[string]int64{"true": 1, "false": 0}

type resolver struct {
	globals map[string]decl
	later   map[string]decl // every global of the file, for "used before its declaration"
	locals  []map[string]decl
	errs    *ErrorList
	broken  broken    // names of declarations that failed: their uses are no error
	blind   bool      // no name is reported unknown (after a broken declaration of unknown names)
	cur     *stmtInfo // the top-level statement being resolved
	// unknownNames, if set, collects the names reported unknown.
	unknownNames map[string]bool
	defs         map[string]*DefStmt // the definitions, by name (defs.go)
}

// stmtInfo is what resolving a top-level statement found, for lowering:
// a statement is lowered only if it is sound and uses no name whose
// declaration failed.
type stmtInfo struct {
	bad      bool            // resolving it reported an error
	tainted  bool            // it uses a name of a declaration that failed to parse
	uses     map[string]bool // the global names it uses
	declared []string        // the names it declared
}

// resolution is what resolving a file found: each top-level statement's
// stmtInfo, and the names reported unknown.
type resolution struct {
	stmts   map[Stmt]*stmtInfo
	unknown map[string]bool
}

// resolve checks the names of a model file. Data files are checked when
// they are bound to the model's params.
func resolve(f *File, errs *ErrorList) {
	resolveFile(f, broken{}, errs)
}

// resolveFile checks the names of a model file, of which the statements
// described by br failed to parse, and tells what it found of each
// statement.
func resolveFile(f *File, br broken, errs *ErrorList) *resolution {
	r := &resolver{globals: map[string]decl{}, later: map[string]decl{}, errs: errs, broken: br}
	for name := range predeclared {
		r.globals[name] = decl{kind: declConst}
	}
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *ParamDecl:
			r.later[s.Name.Name] = decl{kind: declParam, pos: s.Name.Pos}
		case *VarDecl:
			for _, n := range s.Names {
				r.later[n.Name.Name] = decl{kind: declVar, pos: n.Name.Pos}
			}
		}
	}
	res := &resolution{stmts: map[Stmt]*stmtInfo{}, unknown: map[string]bool{}}
	r.unknownNames = res.unknown
	r.registerDefs(f.Stmts)
	for i, s := range f.Stmts {
		info := &stmtInfo{uses: map[string]bool{}}
		res.stmts[s] = info
		r.cur = info
		r.blind = br.blind && i >= br.blindFrom
		before := len(*errs)
		r.stmt(s, "")
		info.bad = len(*errs) > before
	}
	r.cur = nil
	r.checkDefs(f.Stmts, res)
	return res
}

func (r *resolver) errorf(n Node, format string, args ...any) {
	sp := n.span()
	r.errs.Add(sp.Pos, sp.End, format, args...)
}

// stmt checks a statement; in is "" at the top level, or what it stands
// in: "a forall block", "a definition".
func (r *resolver) stmt(s Stmt, in string) {
	switch s := s.(type) {
	case *ParamDecl:
		if in != "" {
			r.errorf(s, "a param cannot be declared inside %s", in)
		}
		for _, e := range s.Shape {
			r.expr(e)
		}
		if _, strs := stringList(s.Value); s.Value != nil && !strs { // a list of strings is for show
			if x := mixedStrings(s.Value); x != nil {
				r.errorf(x, "a list of strings holds strings only: this element is not one")
			} else {
				r.expr(s.Value)
			}
		}
		r.declare(s.Name, declParam)
	case *EnumDecl: // only in a block: parsePartial replaces the others by params
		r.errorf(s, "an enum cannot be declared inside %s", in)
	case *VarDecl:
		if in != "" {
			r.errorf(s, "a var cannot be declared inside %s", in)
		}
		r.expr(s.Domain)
		for _, n := range s.Names {
			for _, e := range n.Shape {
				r.expr(e)
			}
			r.declare(n.Name, declVar)
		}
	case *ShowStmt:
		if in == "a definition" {
			r.errorf(s, "only constraints can stand in a definition")
		}
		for _, e := range s.Items {
			r.showItem(e)
		}
	case *Objective:
		if in == "a definition" {
			r.errorf(s, "only constraints can stand in a definition")
		}
		r.expr(s.Expr)
	case *SearchStmt:
		r.search(s, in) // search.go
	case *ConstraintStmt:
		r.stmtExpr(s.Expr)
		if r.isArithmetic(s.Expr, 0) {
			r.errorf(s, "this is a number, not a constraint: compare it with something (e.g. != 0)")
		}
	case *DefStmt:
		if in != "" {
			r.errorf(s.Name, "a definition cannot stand inside %s: write it on a line of its own", in)
		}
		// Its body is checked with the whole file (checkDefs).
	}
}

// isArithmetic reports whether an expression is plainly a number, which
// as a statement is almost certainly a mistake: x + 1 alone would only
// require x + 1 != 0. Names and elements may be booleans and are allowed.
// A use of an expression definition is what its body is (looked through
// at most maxDefDepth deep).
func (r *resolver) isArithmetic(e Expr, depth int) bool {
	if d := r.defOf(e); d != nil {
		return d.Body != nil && depth < maxDefDepth && r.isArithmetic(d.Body, depth+1)
	}
	switch e := e.(type) {
	case *Binary:
		switch e.Op {
		case "+", "-", "*", "/", "%", "^":
			return true
		}
	case *Unary:
		return e.Op == "-"
	case *Call:
		switch e.Fun.Name {
		case "sum", "product", "min", "max", "count", "abs", "length":
			return true
		}
	}
	return false
}

func (r *resolver) declare(id *Ident, kind declKind) {
	if prev, ok := r.lookup(id.Name); ok {
		if prev.kind == declConst {
			r.errorf(id, "%s is predeclared and cannot be redeclared", id.Name)
		} else {
			r.errorf(id, "%s is already declared as a %s%s", id.Name, prev.kind, declaredAt(prev.pos, id.Pos))
		}
		return
	}
	if kind == declGen {
		r.locals[len(r.locals)-1][id.Name] = decl{kind: kind, pos: id.Pos}
		return
	}
	r.globals[id.Name] = decl{kind: kind, pos: id.Pos}
	if r.cur != nil {
		r.cur.declared = append(r.cur.declared, id.Name)
	}
}

func (r *resolver) lookup(name string) (decl, bool) {
	for i := len(r.locals) - 1; i >= 0; i-- {
		if d, ok := r.locals[i][name]; ok {
			return d, true
		}
	}
	d, ok := r.globals[name]
	return d, ok
}

// use records that the statement being resolved uses a global name.
func (r *resolver) use(name string) {
	if r.cur == nil {
		return
	}
	for _, l := range r.locals {
		if _, ok := l[name]; ok {
			return
		}
	}
	r.cur.uses[name] = true
}

func (r *resolver) showItem(e Expr) {
	if c, ok := e.(*Call); ok {
		if b, ok := builtins[c.Fun.Name]; ok && b.showOnly {
			r.call(c, true)
			return
		}
	}
	if s, ok := e.(*StrLit); ok {
		for _, seg := range formatSegments(s, r.errs) {
			if seg.expr != nil {
				r.expr(seg.expr)
			}
		}
		return
	}
	r.expr(e)
}

func (r *resolver) expr(e Expr) {
	switch e := e.(type) {
	case *Ident:
		if d, ok := r.lookup(e.Name); !ok {
			r.unknown(e)
		} else {
			r.use(e.Name)
			if d.kind == declDef {
				r.defUse(e, r.defs[e.Name], false)
			}
		}
	case *Unary:
		r.expr(e.X)
	case *Binary:
		r.binary(e) // chain.go
	case *Index:
		r.expr(e.X)
		for _, i := range e.Indices {
			r.expr(i)
		}
	case *Call:
		r.call(e, false)
	case *If:
		r.expr(e.Cond)
		r.expr(e.Then)
		r.expr(e.Else)
	case *Matrix:
		for _, row := range e.Rows {
			for _, x := range row {
				r.expr(x)
			}
		}
	case *Comprehension:
		if e.Elem == nil {
			r.errorf(e, "a comprehension has one expression before for: [e for i in ...]")
			return
		}
		r.scoped(e.Gens, func() { r.expr(e.Elem) })
	case *SetComp:
		if e.Elem == nil {
			r.errorf(e, "a set comprehension has one expression before for: {e for i in ...}")
			return
		}
		r.scoped(e.Gens, func() { r.expr(e.Elem) })
	case *SetLit:
		for _, x := range e.Elems {
			r.expr(x)
		}
	case *Quant:
		r.quant(e, false)
	case *StrLit:
		r.errorf(e, "a string can only be shown: show %s", e.Raw)
	}
}

// quant checks a quantifier; asStmt is set where it stands as a
// statement, whose forall body may call a constraint block.
func (r *resolver) quant(e *Quant, asStmt bool) {
	r.scoped(e.Gens, func() {
		if e.Body != nil {
			if asStmt && e.Kind == "forall" {
				r.stmtExpr(e.Body)
			} else {
				r.expr(e.Body)
			}
		}
		for _, s := range e.Block {
			r.stmt(s, "a forall block")
		}
	})
}

// scoped resolves generators, each domain in the scope of the generators
// before it, then body in the scope of all of them.
func (r *resolver) scoped(g *Generators, body func()) {
	r.locals = append(r.locals, map[string]decl{})
	for _, gen := range g.List {
		r.expr(gen.Domain)
		for _, n := range gen.Names {
			r.declare(n, declGen)
		}
	}
	if g.Where != nil {
		r.expr(g.Where)
	}
	body()
	r.locals = r.locals[:len(r.locals)-1]
}

func (r *resolver) call(c *Call, inShow bool) {
	b, ok := builtins[c.Fun.Name]
	switch {
	case ok:
		r.checkArity(c, b, inShow)
	case r.defs[c.Fun.Name] != nil:
		r.use(c.Fun.Name)
		r.defUse(c, r.defs[c.Fun.Name], false)
	case r.broken.names[c.Fun.Name] || r.blind:
		// Defined, perhaps, by a statement that failed to parse.
		if r.cur != nil {
			r.cur.tainted = true
		}
	default:
		names := make([]string, 0, len(builtins)+len(r.defs))
		for n := range builtins {
			names = append(names, n)
		}
		for n := range r.defs {
			names = append(names, n)
		}
		if hint, ok := miniZincWords[c.Fun.Name]; ok {
			r.errorf(c.Fun, "unknown function %q: %s", c.Fun.Name, hint)
		} else {
			r.errorf(c.Fun, "unknown function %q%s", c.Fun.Name, didYouMean(c.Fun.Name, names))
		}
	}
	if c.Gens != nil {
		r.scoped(c.Gens, func() {
			for _, a := range c.Args {
				r.expr(a)
			}
		})
		return
	}
	for _, a := range c.Args {
		if _, str := a.(*StrLit); str && b.constraint {
			continue // a pattern (regular): the global reads it
		}
		r.expr(a)
	}
}

func (r *resolver) checkArity(c *Call, b builtin, inShow bool) {
	name := c.Fun.Name
	switch {
	case b.showOnly && !inShow:
		r.errorf(c.Fun, "%s(...) draws a solution and can only be used in show", name)
	case c.Gens != nil && !b.gens:
		r.errorf(c, "%s does not take a generator: %s(list) or %s([e for i in ...])", name, name, name)
	case len(c.Args) < b.minArgs:
		r.errorf(c, "%s needs %s", name, plural(b.minArgs, "argument"))
	case b.maxArgs >= 0 && len(c.Args) > b.maxArgs:
		r.errorf(c, "%s takes at most %s, found %d", name, plural(b.maxArgs, "argument"), len(c.Args))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (r *resolver) unknown(id *Ident) {
	if r.broken.names[id.Name] || r.blind {
		// Declared, perhaps, by a statement that failed to parse.
		if r.cur != nil {
			r.cur.tainted = true
		}
		return
	}
	if r.unknownNames != nil {
		r.unknownNames[id.Name] = true
	}
	if d, ok := r.later[id.Name]; ok {
		r.errorf(id, "%s is used before its declaration%s", id.Name, declaredAt(d.pos, id.Pos))
		return
	}
	var names []string
	for n := range r.globals {
		names = append(names, n)
	}
	for _, l := range r.locals {
		for n := range l {
			names = append(names, n)
		}
	}
	for n := range r.broken.names {
		names = append(names, n)
	}
	if hint, ok := miniZincWords[id.Name]; ok {
		r.errorf(id, "unknown name %q: %s", id.Name, hint)
		return
	}
	r.errorf(id, "unknown name %q%s", id.Name, didYouMean(id.Name, names))
}

// miniZincWords are MiniZinc's types and keywords, which csp does not
// have: what to write instead, for an unknown name that is one.
var miniZincWords = map[string]string{
	"constraint": "csp writes a constraint without a keyword (drop constraint)",
	"output":     `csp writes output with show: show "x = {x}"`,
	"bool":       "csp has no types: a truth value is a number 0..1 (var b in 0..1)",
	"int":        "csp has no types: a variable's domain is a finite set of numbers (var x in 1..10)",
	"float":      "csp's numbers are whole: scale the model (tenths, cents) and use a range (var x in 0..100)",
}

// didYouMean formats the suggestion of spell.Closest: ` (did you mean "q"?)`.
func didYouMean(name string, candidates []string) string {
	if best := spell.Closest(name, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// declaredAt writes where a name was declared, " at 3:5" in the same file
// as the use and " at model.csp:3:5" in another; nothing for a name with
// no place (predeclared).
func declaredAt(decl, use Pos) string {
	switch {
	case decl.Line == 0:
		return ""
	case decl.File == use.File:
		return fmt.Sprintf(" at %d:%d", decl.Line, decl.Col)
	}
	return " at " + decl.String()
}
