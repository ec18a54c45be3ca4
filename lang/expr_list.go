package lang

import "github.com/alecthomas/participle/v2/lexer"

// Lists and matrices: [a b c], [1 2; 3 4] (rows separated by ";" or a
// newline), blanks, comprehensions [e for generators].

// row is a row of a list literal, and the generators that end it.
type row struct {
	elems []Expr
	gens  *Generators
}

// list reads a list literal from its "[".
func (p *parser) list() (Expr, status) {
	start := p.pos
	p.pos++
	var rows []row
	from := p.mark()
	r, st := p.row()
	switch st {
	case failed:
		if p.optionFailed(from) {
			return nil, failed
		}
	case ok:
		rows = append(rows, r)
		for n := 1; p.isPunct(";"); n++ {
			if p.tooMany(n) {
				return nil, failed
			}
			from := p.mark()
			p.pos++
			r, st := p.row()
			if st == ok {
				rows = append(rows, r)
				continue
			}
			if st == none {
				p.expected("an expression")
			}
			if p.optionFailed(from) {
				return nil, failed
			}
			break
		}
	}
	if !p.isPunct("]") {
		return nil, p.failHere(p.expected(`"]"`))
	}
	p.pos++
	return listExpr(p.span(start, p.pos-1), rows), ok
}

// listExpr makes a Matrix, or a Comprehension when the single row ends
// with "for". A "for" after a longer row is left for the checker to reject
// as a Comprehension over a Matrix element; one after a row of a matrix,
// as a Comprehension without an element.
func listExpr(sp Span, rows []row) Expr {
	if len(rows) == 1 && rows[0].gens != nil {
		elem := rows[0].elems[0]
		if len(rows[0].elems) > 1 {
			elem = &Matrix{Span: sp, Rows: [][]Expr{rows[0].elems}}
		}
		return &Comprehension{Span: sp, Elem: elem, Gens: rows[0].gens}
	}
	m := &Matrix{Span: sp, Rows: make([][]Expr, 0, len(rows))}
	for _, r := range rows {
		if r.gens != nil {
			r.elems = append(r.elems, &Comprehension{Span: sp, Gens: r.gens})
		}
		m.Rows = append(m.Rows, r.elems)
	}
	return m
}

// row reads the elements of a row, separated by blanks or ",", and the
// generators that may end it.
func (p *parser) row() (row, status) {
	e, st := p.elem()
	if st == failed {
		p.failHere(st)
	}
	if st != ok {
		return row{}, st
	}
	r := row{elems: []Expr{e}}
	for n := 1; ; n++ {
		from := p.mark()
		if p.isPunct(",") {
			p.pos++
		}
		if startsElem(p.tok()) && p.tooMany(n) {
			return row{}, failed
		}
		e, st := p.elem()
		if st == ok {
			r.elems = append(r.elems, e)
			continue
		}
		if st == none {
			p.expected("an expression") // at the end of every row
		}
		if p.optionFailed(from) {
			return row{}, failed
		}
		break
	}
	var err status
	if r.gens, err = p.forGens(); err == failed {
		return row{}, failed
	}
	return r, ok
}

// elem reads an element: a blank ("." or "_") or an expression.
func (p *parser) elem() (Expr, status) {
	if p.isPunct(".") || p.isPunct("_") {
		p.pos++
		return &Blank{Span: p.span(p.pos-1, p.pos-1)}, ok
	}
	from := p.mark()
	e, st := p.expr()
	if st == failed {
		p.noAlternative(from)
	}
	return e, st
}

// startsElem reports whether an element may start with t.
func startsElem(t *lexer.Token) bool {
	return t.Type == tokPunct && (t.Value == "." || t.Value == "_") || startsExpr(t)
}
