package lang

import (
	"fmt"
	"strings"
)

// Lowering the calls of definitions (defs.go): a call binds its
// parameters in the environment, lowers the body, and unbinds them.

// defArg is a parameter bound by a call being lowered, with what its
// name meant before.
type defArg struct {
	name string
	prev value
	had  bool
}

// defsOf collects the definitions of a file for lowering.
func defsOf(stmts []Stmt) map[string]*DefStmt {
	defs := map[string]*DefStmt{}
	for _, s := range stmts {
		if d, ok := s.(*DefStmt); ok {
			if _, taken := defs[d.Name.Name]; !taken {
				defs[d.Name.Name] = d
			}
		}
	}
	return defs
}

// defCalled returns the definition that e calls or names, and its
// arguments; nil if it is none.
func (l *lowerer) defCalled(e Expr) (*DefStmt, []Expr) {
	switch e := e.(type) {
	case *Call:
		if d := l.defs[e.Fun.Name]; d != nil {
			return d, e.Args
		}
	case *Ident:
		if _, bound := l.env[e.Name]; !bound {
			return l.defs[e.Name], nil
		}
	}
	return nil, nil
}

// postDef posts a statement that calls a definition; it reports whether
// e is one.
func (l *lowerer) postDef(e Expr) bool {
	d, args := l.defCalled(e)
	if d == nil {
		return false
	}
	l.callDef(e, d, args, true)
	return true
}

// callDef lowers a call of d: as a statement (asStmt) its body is posted,
// otherwise its value is returned. A definition whose body failed to
// check, or uses a name whose declaration failed, is not lowered: that
// was reported.
func (l *lowerer) callDef(call Expr, d *DefStmt, args []Expr, asStmt bool) value {
	if !l.defUsable(d) {
		return nil
	}
	if d.Block != nil && !asStmt {
		l.errorf(call, "%s is a constraint block: call it as a statement (alone, or in a forall), not inside an expression", d.Name.Name)
		return nil
	}
	if len(args) != len(d.Params) { // reported by the resolver
		l.errorf(call, "%s takes %s, found %d: %s", d.Name.Name, plural(len(d.Params), "argument"), len(args), defHeader(d))
		return nil
	}
	if l.defDepth >= maxDefDepth {
		l.errorf(call, "definitions are nested more than %d calls deep here", maxDefDepth)
		return nil
	}
	vals := make([]value, len(args))
	for i, a := range args {
		if vals[i] = l.eval(a); vals[i] == nil {
			return nil
		}
	}
	mark, undo := l.enterDef(d, vals)
	before := len(*l.errs)
	var v value
	switch {
	case d.Block != nil:
		for _, s := range d.Block {
			if c, ok := s.(*ConstraintStmt); ok {
				l.post(c.Expr)
			} else {
				l.errorf(s, "only constraints can stand in a definition")
			}
		}
	case asStmt:
		l.post(d.Body)
	default:
		v = l.eval(d.Body)
	}
	l.leaveDef(mark, undo)
	l.noteCall(before, call, args)
	return v
}

// enterDef binds the parameters of d to vals. The parameters of the calls
// around that shadow a param or variable are first undone, so that the
// body sees the model's. It returns what leaveDef restores: where the
// parameters of d start in l.defArgs, and the shadows undone.
func (l *lowerer) enterDef(d *DefStmt, vals []value) (mark int, undo []defArg) {
	for i := len(l.defArgs) - 1; i >= 0; i-- {
		a := l.defArgs[i]
		if a.had && l.isGlobal(a.name) {
			undo = append(undo, defArg{name: a.name, prev: l.env[a.name], had: true})
			l.env[a.name] = a.prev
		}
	}
	mark = len(l.defArgs)
	for i, p := range d.Params {
		prev, had := l.env[p.Name]
		l.defArgs = append(l.defArgs, defArg{name: p.Name, prev: prev, had: had})
		l.env[p.Name] = vals[i]
	}
	l.defDepth++
	return mark, undo
}

// leaveDef undoes enterDef.
func (l *lowerer) leaveDef(mark int, undo []defArg) {
	l.defDepth--
	for i := len(l.defArgs) - 1; i >= mark; i-- {
		a := l.defArgs[i]
		if a.had {
			l.env[a.name] = a.prev
		} else {
			delete(l.env, a.name)
		}
	}
	l.defArgs = l.defArgs[:mark]
	for i := len(undo) - 1; i >= 0; i-- {
		l.env[undo[i].name] = undo[i].prev
	}
}

// isGlobal reports whether name is a param, a variable or predeclared.
func (l *lowerer) isGlobal(name string) bool {
	if _, ok := l.declPos[name]; ok {
		return true
	}
	_, ok := predeclared[name]
	return ok
}

// defUsable is defOK, remembered once the declarations are lowered (no
// name fails after them).
func (l *lowerer) defUsable(d *DefStmt) bool {
	if !l.declsDone {
		return l.defOK(d, 0)
	}
	ok, known := l.defChecked[d]
	if !known {
		ok = l.defOK(d, 0)
		if l.defChecked == nil {
			l.defChecked = map[*DefStmt]bool{}
		}
		l.defChecked[d] = ok
	}
	return ok
}

// defOK reports whether d can be lowered: it checked, and uses no name
// whose declaration failed, nor such a definition.
func (l *lowerer) defOK(d *DefStmt, depth int) bool {
	if l.res == nil {
		return true
	}
	info := l.res.stmts[d]
	if info == nil {
		return true
	}
	if info.bad || info.tainted {
		return false
	}
	if depth > maxDefDepth {
		return true // too deep to look further: lowering the call says so
	}
	for n := range info.uses {
		if l.failed[n] {
			return false
		}
		if used := l.defs[n]; used != nil && used != d && !l.defOK(used, depth+1) {
			return false
		}
	}
	return true
}

// callWith writes the generator values that a call's arguments use: "r =
// 1, c = 4".
func (l *lowerer) callWith(args []Expr) string {
	if len(l.gens) == 0 || len(args) == 0 {
		return ""
	}
	var parts []string
	seen := map[string]bool{}
	for i := len(l.gens) - 1; i >= 0; i-- {
		g := l.gens[i]
		if seen[g.name] {
			continue
		}
		seen[g.name] = true
		for _, a := range args {
			if usesName(a, map[string]bool{g.name: true}) {
				parts = append(parts, fmt.Sprintf("%s = %d", g.name, g.v))
				break
			}
		}
	}
	// Innermost last, as they were bound.
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ", ")
}

// noteCall adds the call as a note to the errors reported since before:
// those found in the body.
func (l *lowerer) noteCall(before int, call Expr, args []Expr) {
	errs := *l.errs
	if before >= len(errs) {
		return
	}
	with := l.callWith(args)
	sp := call.span()
	what := "the call " + l.text(call)
	if _, ident := call.(*Ident); ident {
		what = "the use of " + l.text(call)
	}
	for _, e := range errs[before:] {
		if e.Kind == ErrLimit || e.Pos.Line == 0 {
			continue
		}
		n := Note{Pos: sp.Pos, End: sp.End, What: what, With: with}
		if len(e.Notes) < maxNotes {
			e.Notes = append(e.Notes, n)
		} else {
			e.Notes[maxNotes-1] = n
		}
	}
}
