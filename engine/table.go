package engine

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Table is the table constraint: the tuple of its arguments equals one of
// the rows of a constant table (L in T, table(L, T)), or, negated, none of
// them (L not in T). A blank cell of a row matches any value.
//
// The rows are kept flat, row after row, with the blanks marked in a
// parallel slice: a table of 10^5 rows of five numbers is two slices, not
// 10^5 small ones. The propagators (table_ct.go, table_neg.go) work on a
// compiled form shared by every solver of a model (table_data.go).
type Table struct {
	args    []Expr
	rows    int
	cells   []int64 // rows*len(args) values, row-major
	blank   []bool  // blank[i]: cells[i] is a blank; nil when none is
	negated bool

	index struct { // for Holds, built on first use
		once sync.Once
		idx  *tableIndex
	}
	data struct { // the propagators' form, built once per argument layout
		mu   sync.Mutex
		argX []int32
		d    *tableData
	}
}

// NewTable returns the constraint that args, as a tuple, is one of the
// rows of the table (none of them if negated). cells holds rows*len(args)
// values, row after row; blank, if not nil, marks the cells that match any
// value. The slices are kept, not copied: the caller must not change them.
func NewTable(args []Expr, rows int, cells []int64, blank []bool, negated bool) (*Table, error) {
	if rows < 0 || len(cells) != rows*len(args) {
		return nil, fmt.Errorf("a table of %d rows over %d arguments needs %d cells, got %d", rows, len(args), rows*len(args), len(cells))
	}
	if blank != nil && len(blank) != len(cells) {
		return nil, errors.New("the blank marks of a table must match its cells")
	}
	return &Table{args: args, rows: rows, cells: cells, blank: blank, negated: negated}, nil
}

// Name is "table" for both forms: the negated one is L not in T.
func (g *Table) Name() string { return "table" }

// Args returns the tuple.
func (g *Table) Args() []Expr { return g.args }

// Negated reports whether the constraint forbids the rows.
func (g *Table) Negated() bool { return g.negated }

// Rows returns the number of rows of the table.
func (g *Table) Rows() int { return g.rows }

// isBlank reports whether cell i is a blank.
func (g *Table) isBlank(i int) bool { return g.blank != nil && g.blank[i] }

// Holds reports whether vals is a row of the table (is none, negated).
func (g *Table) Holds(vals []int64) bool {
	g.index.once.Do(func() { g.index.idx = newTableIndex(g) })
	return g.index.idx.has(g, vals) != g.negated
}

// Decompose returns the disjunction of the rows, each the conjunction of
// the equalities of its cells (blanks skipped); negated, the conjunction
// of their negations. Either way an undefined argument makes it false,
// as for every truth test, so the definedness of the arguments that may
// be undefined is required too.
func (g *Table) Decompose() (Expr, error) {
	k := len(g.args)
	var rows []Expr
	for r := range g.rows {
		var eqs []Expr
		matches := true // no constant argument differs from the row
		for i, a := range g.args {
			c := r*k + i
			if g.isBlank(c) {
				continue
			}
			if ka, ok := a.(*Const); ok {
				matches = matches && ka.V == g.cells[c]
				continue
			}
			e, err := NewBinary(OpEq, a, NewConst(g.cells[c]))
			if err != nil {
				return nil, err
			}
			eqs = append(eqs, e)
		}
		switch {
		case !matches:
			continue
		case len(eqs) == 0: // every cell matches: the row is any tuple
			rows = append(rows[:0], NewConst(1))
		case len(eqs) == 1:
			rows = append(rows, eqs[0])
		default:
			e, err := NewNary(OpAll, eqs)
			if err != nil {
				return nil, err
			}
			rows = append(rows, e)
		}
		if len(eqs) == 0 {
			break // the rest cannot change the answer
		}
	}
	in, err := anyOf(rows)
	if err != nil {
		return nil, err
	}
	if g.negated {
		if in, err = NewUnary(OpNot, in); err != nil {
			return nil, err
		}
	}
	parts := []Expr{in}
	for _, a := range g.args {
		if MayBeUndefined(a) {
			parts = append(parts, Defined(a))
		}
	}
	if len(parts) == 1 {
		return in, nil
	}
	return NewNary(OpAll, parts)
}

// anyOf is the disjunction of es: false for none, e itself for one.
func anyOf(es []Expr) (Expr, error) {
	switch len(es) {
	case 0:
		return NewConst(0), nil
	case 1:
		return es[0], nil
	}
	return NewNary(OpAny, es)
}

// newProp makes the compact-table propagator, or its negative form.
func (g *Table) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	d, err := g.compiled(argX, len(xs))
	if err != nil {
		return nil, globalOpts{}, err
	}
	if g.negated {
		return newTableNeg(b, d, xs)
	}
	return newTableCT(b, d, xs)
}

// compiled returns the propagators' form of the table for this argument
// layout, building it on first use: every solver of a model (the workers
// of a parallel search) shares it, since it never changes.
func (g *Table) compiled(argX []int32, nx int) (*tableData, error) {
	g.data.mu.Lock()
	defer g.data.mu.Unlock()
	if g.data.d != nil && slices.Equal(g.data.argX, argX) {
		return g.data.d, nil
	}
	d, err := compileTable(g, argX, nx)
	if err != nil {
		return nil, err
	}
	g.data.argX, g.data.d = append([]int32(nil), argX...), d
	return d, nil
}
