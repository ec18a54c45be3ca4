package lang

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Definitions: def f(a, b) = expr, def total = expr (no parameters), and
// def box(r, c) { statements } (a constraint block).
//
// A definition is a macro with values: a call evaluates its arguments in
// the caller's scope, binds them to the parameters, and lowers the body
// in a scope of its own, where the model's params and variables and the
// definition's parameters are visible (the parameters shadow the first),
// and nothing of the caller's is. The body is lowered afresh at each call,
// so a call is inlined: an expression definition gives the value of its
// body there, and as a statement its body is posted as one (a global in
// it gets its propagator); a block's statements are posted as the
// statements of a forall block are.
//
// The resolver checks the bodies once (names, arity, misplaced
// statements, recursion); an error that depends on the arguments is found
// when the body is lowered, at its place in the body, with a note giving
// the call (Error.Notes).

// maxDefDepth bounds nested calls while lowering (and while looking
// through definitions for isArithmetic): recursion is rejected by the
// resolver, but a chain of thousands of definitions would still take the
// stack deep.
const maxDefDepth = 64

// maxNotes bounds the calls an error names: the innermost ones, and the
// outermost last.
const maxNotes = 4

// registerDefs records the file's definitions before any statement is
// checked, so that they can be used before the line that writes them. A
// definition whose name is taken is reported and left out.
func (r *resolver) registerDefs(stmts []Stmt) {
	r.defs = map[string]*DefStmt{}
	for _, s := range stmts {
		d, ok := s.(*DefStmt)
		if !ok {
			continue
		}
		name := d.Name.Name
		if _, builtin := builtins[name]; builtin {
			r.errorf(d.Name, "%s is a built-in function; a definition needs a name of its own", name)
			continue
		}
		if _, pre := predeclared[name]; pre {
			r.errorf(d.Name, "%s is predeclared and cannot be redeclared", name)
			continue
		}
		if prev, ok := r.later[name]; ok {
			r.errorf(d.Name, "%s is declared as a %s%s; a definition needs a name of its own", name, prev.kind, declaredAt(prev.pos, d.Name.Pos))
			continue
		}
		if prev, ok := r.defs[name]; ok {
			r.errorf(d.Name, "%s is already defined%s", name, declaredAt(prev.Name.Pos, d.Name.Pos))
			continue
		}
		r.defs[name] = d
		r.globals[name] = decl{kind: declDef, pos: d.Name.Pos}
	}
}

// checkDefs checks the bodies of the definitions, once every param and
// variable of the file is declared, and then that no definition calls
// itself, directly or through others.
func (r *resolver) checkDefs(stmts []Stmt, res *resolution) {
	// A body sees the whole file: a name a broken statement may declare,
	// anywhere, is no error in it.
	r.blind = r.broken.blind
	for _, s := range stmts {
		d, ok := s.(*DefStmt)
		if !ok || r.defs[d.Name.Name] != d {
			continue
		}
		info := res.stmts[d]
		r.cur = info
		before := len(*r.errs)
		r.defBody(d)
		if len(*r.errs) > before {
			info.bad = true
		}
	}
	r.cur = nil
	for _, d := range r.recursive(stmts) {
		res.stmts[d].bad = true
	}
}

// defBody checks the parameters and the body of a definition.
func (r *resolver) defBody(d *DefStmt) {
	saved := r.locals
	r.locals = []map[string]decl{{}}
	defer func() { r.locals = saved }()
	for _, p := range d.Params {
		switch prev, ok := r.locals[0][p.Name]; {
		case ok:
			r.errorf(p, "%s is already a parameter of %s%s", p.Name, d.Name.Name, declaredAt(prev.pos, p.Pos))
			continue
		case isPredeclared(p.Name):
			r.errorf(p, "%s is predeclared and cannot be redeclared", p.Name)
			continue
		case r.defs[p.Name] != nil:
			// Still a parameter in the body, so that its uses are not
			// taken for calls.
			r.errorf(p, "the parameter %s has the name of a definition%s; give it another", p.Name, declaredAt(r.defs[p.Name].Name.Pos, p.Pos))
		}
		r.locals[0][p.Name] = decl{kind: declArg, pos: p.Pos}
	}
	if d.Block == nil {
		r.expr(d.Body)
		return
	}
	for _, s := range d.Block {
		if _, ok := s.(*ConstraintStmt); !ok {
			r.stmt(s, "a definition")
			continue
		}
		r.stmt(s, "")
	}
}

// defOf returns the definition an expression calls or names, or nil.
func (r *resolver) defOf(e Expr) *DefStmt {
	switch e := e.(type) {
	case *Call:
		return r.defs[e.Fun.Name]
	case *Ident:
		if _, local := r.localDecl(e.Name); !local {
			return r.defs[e.Name]
		}
	}
	return nil
}

func (r *resolver) localDecl(name string) (decl, bool) {
	for i := len(r.locals) - 1; i >= 0; i-- {
		if d, ok := r.locals[i][name]; ok {
			return d, true
		}
	}
	return decl{}, false
}

// defUse checks a call (a Call, or an Ident for a definition without
// parameters) of d: its arguments, and that a block is called only as a
// statement.
func (r *resolver) defUse(n Expr, d *DefStmt, asStmt bool) {
	name := d.Name.Name
	var args []Expr
	c, isCall := n.(*Call)
	if isCall {
		args = c.Args
	}
	switch {
	case d.Block != nil && !asStmt:
		r.errorf(n, "%s is a constraint block: call it as a statement (alone, or in a forall), not inside an expression", name)
	case isCall && c.Gens != nil:
		r.errorf(n, "%s does not take a generator: %s", name, defHeader(d))
		return
	case !isCall && len(d.Params) > 0:
		r.errorf(n, "%s needs %s: %s", name, plural(len(d.Params), "argument"), defHeader(d))
	case len(args) != len(d.Params) && len(d.Params) == 0:
		r.errorf(n, "%s takes no arguments, found %d: write %s alone", name, len(args), name)
	case len(args) != len(d.Params):
		r.errorf(n, "%s takes %s, found %d: %s", name, plural(len(d.Params), "argument"), len(args), defHeader(d))
	}
	for _, a := range args {
		r.expr(a)
	}
}

// defHeader writes how a definition is called: "box(r, c)", or "total".
func defHeader(d *DefStmt) string {
	if len(d.Params) == 0 {
		return d.Name.Name
	}
	names := make([]string, len(d.Params))
	for i, p := range d.Params {
		names[i] = p.Name
	}
	return d.Name.Name + "(" + strings.Join(names, ", ") + ")"
}

// stmtExpr checks the expression of a statement: where it is a call of
// a constraint block, or one in the body of a forall or a part of an
// "and", the call is allowed.
func (r *resolver) stmtExpr(e Expr) {
	switch e := e.(type) {
	case *Quant:
		r.quant(e, true)
		return
	case *Binary:
		if e.Op == "and" {
			leaf, spine := leftSpine(e, isAnd) // a loop (chain.go)
			r.stmtExpr(leaf)
			for _, s := range spine {
				r.stmtExpr(s.Y)
			}
			return
		}
	case *Call:
		if d := r.defs[e.Fun.Name]; d != nil {
			r.use(e.Fun.Name)
			r.defUse(e, d, true)
			return
		}
	case *Ident:
		if d := r.defOf(e); d != nil && d.Block != nil {
			r.use(e.Name)
			r.defUse(e, d, true)
			return
		}
	}
	r.expr(e)
}

// recursive reports every cycle of definitions calling each other, once,
// at the definition of the cycle that comes first in the file, and
// returns the definitions on a cycle.
func (r *resolver) recursive(stmts []Stmt) []*DefStmt {
	var order []*DefStmt
	for _, s := range stmts {
		if d, ok := s.(*DefStmt); ok && r.defs[d.Name.Name] == d {
			order = append(order, d)
		}
	}
	calls := map[*DefStmt][]*DefStmt{}
	for _, d := range order {
		seen := map[*DefStmt]bool{}
		walkDef(d, func(e Expr) {
			var name string
			switch e := e.(type) {
			case *Call:
				name = e.Fun.Name
			case *Ident:
				name = e.Name
				if isParam(d, name) {
					return
				}
			default:
				return
			}
			if callee := r.defs[name]; callee != nil && !seen[callee] {
				seen[callee] = true
				calls[d] = append(calls[d], callee)
			}
		})
	}
	// Depth-first search, with a stack of its own (a chain of definitions
	// may be as long as the file); a definition on the path met again
	// closes a cycle.
	const (
		unvisited = iota
		onPath
		done
	)
	state := map[*DefStmt]int{}
	type frame struct {
		d    *DefStmt
		next int // the next of calls[d] to follow
	}
	var path []frame
	var onCycle []*DefStmt
	reported := map[*DefStmt]bool{}
	for _, root := range order {
		if state[root] != unvisited {
			continue
		}
		state[root] = onPath
		path = append(path[:0], frame{d: root})
		for len(path) > 0 {
			top := &path[len(path)-1]
			if top.next == len(calls[top.d]) {
				state[top.d] = done
				path = path[:len(path)-1]
				continue
			}
			c := calls[top.d][top.next]
			top.next++
			switch state[c] {
			case unvisited:
				state[c] = onPath
				path = append(path, frame{d: c})
			case onPath:
				start := len(path) - 1
				for path[start].d != c {
					start--
				}
				var cycle []*DefStmt
				fresh := false
				for _, f := range path[start:] {
					cycle = append(cycle, f.d)
					fresh = fresh || !reported[f.d]
				}
				if fresh {
					r.reportCycle(cycle)
					for _, x := range cycle {
						reported[x] = true
						onCycle = append(onCycle, x)
					}
				}
			}
		}
	}
	return onCycle
}

// reportCycle reports a cycle of calls at its definition that comes first
// in the file: "f calls g, which calls f".
func (r *resolver) reportCycle(cycle []*DefStmt) {
	first := 0
	for i, d := range cycle {
		if d.Name.Pos.Offset < cycle[first].Name.Pos.Offset {
			first = i
		}
	}
	rotated := append(append([]*DefStmt(nil), cycle[first:]...), cycle[:first]...)
	d := rotated[0]
	if len(rotated) == 1 {
		r.errorf(d.Name, "%s is recursive: its body uses %s itself, which a definition cannot", d.Name.Name, d.Name.Name)
		return
	}
	var b strings.Builder
	b.WriteString(d.Name.Name + " uses " + rotated[1].Name.Name)
	for _, x := range rotated[2:] {
		b.WriteString(", which uses " + x.Name.Name)
	}
	r.errorf(d.Name, "%s is recursive: %s, which uses %s; definitions cannot use each other in a cycle", d.Name.Name, b.String(), d.Name.Name)
}

func isPredeclared(name string) bool {
	_, ok := predeclared[name]
	return ok
}

func isParam(d *DefStmt, name string) bool {
	for _, p := range d.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// defHeadError explains a mistake in the head of a definition that does
// not parse: def, its name, its parameters, then "=" or "{". Participle,
// which takes back the parameter list that fails, would only say
// `unexpected "("`. nil if the head is right (the mistake is after it).
func defHeadError(toks []lexer.Token) *Error {
	at := func(i int, format string, args ...any) *Error {
		return &Error{Pos: toPos(toks[i].Pos), Msg: fmt.Sprintf(format, args...)}
	}
	i := 1 // after "def"
	if toks[i].Type != tokIdent {
		return at(i, "expected a name after def, found %s", describeToken(toks[i]))
	}
	name := toks[i].Value
	i++
	if isPunct(&toks[i], "(") {
		i++
		for n := 0; !isPunct(&toks[i], ")"); n++ {
			if n > 0 {
				if !isPunct(&toks[i], ",") {
					return at(i, `expected "," or ")" in the parameters of %s, found %s`, name, describeToken(toks[i]))
				}
				i++
			}
			if toks[i].Type != tokIdent {
				return at(i, "expected a parameter name in the parameters of %s, found %s", name, describeToken(toks[i]))
			}
			i++
		}
		i++
	}
	if !isPunct(&toks[i], "=") && !isPunct(&toks[i], "{") {
		return at(i, `expected "=" (an expression) or "{" (a block) in the definition of %s, found %s`, name, describeToken(toks[i]))
	}
	return nil
}
