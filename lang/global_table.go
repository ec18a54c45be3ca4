package lang

import (
	"github.com/csp-lang/csp/engine"
)

// Table constraints: table(L, T), L in T and L not in T, for a tuple L (a
// list of one dimension: a literal, a slice, a comprehension) and a
// constant matrix T whose rows are the tuples allowed (forbidden, with
// not in); a blank in a row matches any value. As a statement each is the
// engine's table global, with its compact-table propagator; inside an
// expression it is the global's decomposition, the disjunction of the
// rows (engine.Table.Decompose), which is false where an element of L is
// undefined, for in and not in alike.

func init() {
	registerGlobal("table", 2, 2, lowerTable)
}

// lowerTable evaluates table(L, T).
func lowerTable(l *lowerer, c *Call) engine.Global {
	tuple, t := l.eval(c.Args[0]), l.eval(c.Args[1])
	if tuple == nil || t == nil {
		return nil
	}
	g, _ := l.tableGlobal(tableSide{"table", "as its first argument", c.Args[0]}, tableSide{"table", "as its second argument", c.Args[1]}, tuple, t, false)
	if g == nil {
		return nil // not a nil *engine.Table in the interface
	}
	return g
}

// tableSide names an operand of a table constraint in errors: the
// constraint ("in", "table"), where the operand stands ("on its left"),
// and its node.
type tableSide struct {
	op, where string
	node      Node
}

// tupleIn lowers L in T (L not in T when negate) inside an expression.
func (l *lowerer) tupleIn(b *Binary, tuple *arrV, t value, negate bool) value {
	g, consts := l.tableGlobal(tableSide{b.Op, "on its left", b.X}, tableSide{b.Op, "on its right", b.Y}, tuple, t, negate)
	if g == nil {
		return nil
	}
	if consts != nil {
		return boolV(g.Holds(consts))
	}
	e, err := g.Decompose()
	return l.built(e, err, b)
}

// postTupleIn posts L in T met as a statement, and reports whether it
// was one. It decides by the shape of L, which is not evaluated twice:
// a list literal, a comprehension, a slice, a ++ or the name of an
// array is a tuple; anything else is lowered as the membership of a
// number (member), where a list that turns up is still a table
// constraint, as its decomposition.
func (l *lowerer) postTupleIn(b *Binary) bool {
	if !l.listShaped(b.X) {
		return false
	}
	x, t := l.eval(b.X), l.eval(b.Y)
	if x == nil || t == nil {
		return true
	}
	tuple, ok := x.(*arrV)
	if !ok {
		l.errorf(b.X, "%s needs a tuple (a list of one dimension) on its left, found %s", b.Op, describe(x))
		return true
	}
	g, consts := l.tableGlobal(tableSide{b.Op, "on its left", b.X}, tableSide{b.Op, "on its right", b.Y}, tuple, t, b.Op == "not in")
	switch {
	case g == nil:
	case consts != nil:
		l.require(boolV(g.Holds(consts)), b)
	default:
		l.record(b, l.m.Post(g))
	}
	return true
}

// listShaped reports whether e is written as a list.
func (l *lowerer) listShaped(e Expr) bool {
	switch e := e.(type) {
	case *Matrix, *Comprehension:
		return true
	case *Index:
		for _, i := range e.Indices {
			if _, ok := i.(*FullRange); ok {
				return true
			}
			if r, ok := i.(*Binary); ok && r.Op == ".." {
				return true
			}
		}
	case *Ident:
		_, ok := l.env[e.Name].(*arrV)
		return ok
	case *Binary:
		return e.Op == "++"
	}
	return false
}

// tableGlobal checks the tuple and the table and builds the global. When
// every element of the tuple is a constant it also returns their values,
// so that the caller can fold the constraint.
func (l *lowerer) tableGlobal(ls, ts tableSide, tuple, t value, negate bool) (*engine.Table, []int64) {
	args, consts, okL := l.tupleArgs(ls, tuple)
	rows, width, cells, blank, okT := l.tableRows(ts, t)
	if !okL || !okT {
		return nil, nil
	}
	if width != len(args) {
		l.errorf(ts.node, "a table row of the wrong length: the rows of the table have %s, the tuple %d", plural(width, "element"), len(args))
		return nil, nil
	}
	g, err := engine.NewTable(args, rows, cells, blank, negate)
	if err != nil {
		l.errorf(ts.node, "%v", err)
		return nil, nil
	}
	return g, consts
}

// tupleArgs returns the elements of a tuple as expressions, and their
// values if every one is a constant.
func (l *lowerer) tupleArgs(s tableSide, v value) ([]engine.Expr, []int64, bool) {
	a, ok := v.(*arrV)
	if !ok || len(a.dims) != 1 {
		l.errorf(s.node, "%s needs a tuple (a list of one dimension) %s, found %s", s.op, s.where, describe(v))
		return nil, nil, false
	}
	args := make([]engine.Expr, len(a.elems))
	consts := make([]int64, len(a.elems))
	allConst := true
	for i, el := range a.elems {
		switch el := el.(type) {
		case blankV:
			at := s.node
			if m, ok := at.(*Matrix); ok && len(m.Rows) == 1 {
				at = m.Rows[0][i] // a literal: the blank itself
			}
			l.errorf(at, "a tuple cannot hold a blank, but element %d is one", i+1)
			return nil, nil, false
		case intV:
			consts[i] = int64(el)
		default:
			allConst = false
		}
		if args[i] = l.toExpr(el, s.node); args[i] == nil {
			return nil, nil, false
		}
	}
	if !allConst {
		consts = nil
	}
	return args, consts, true
}

// tableRows returns the rows of a table: their number and length, their
// cells row after row, and which cells are blanks (nil if none is).
func (l *lowerer) tableRows(s tableSide, v value) (int, int, []int64, []bool, bool) {
	a, ok := v.(*arrV)
	if !ok || len(a.dims) != 2 {
		hint := ""
		if ok && len(a.dims) == 1 {
			hint = " (a table of one row is a param declared with two dimensions: param t[1..1, 1..3] = [1 2 3])"
		}
		l.errorf(s.node, "%s needs a table (a constant matrix) %s, found %s%s", s.op, s.where, describe(v), hint)
		return 0, 0, nil, nil, false
	}
	rows, width := int(a.dims[0].size()), int(a.dims[1].size())
	cells := make([]int64, len(a.elems))
	var blank []bool
	for i, el := range a.elems {
		switch el := el.(type) {
		case intV:
			cells[i] = int64(el)
		case blankV:
			if blank == nil {
				blank = make([]bool, len(a.elems))
			}
			blank[i] = true
		default:
			l.errorf(s.node, "a table must be constant, but its element [%d, %d] depends on a variable", a.dims[0].lo+int64(i/width), a.dims[1].lo+int64(i%width))
			return 0, 0, nil, nil, false
		}
	}
	return rows, width, cells, blank, true
}
