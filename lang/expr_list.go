package lang

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Lists and matrices: [a b c], [1 2; 3 4] (rows separated by ";" or a
// newline), blanks, comprehensions [e for generators].

// row is a row of a list literal, and the generators that end it.
type row struct {
	elems []Expr
	gens  *Generators
}

// listData follows whether a list is plain data (numbers, negated numbers
// and blanks): a list of data may be of any length, as a data file's
// matrices are; the others are refused at participle.MaxIterations
// elements in a row, or rows.
type listData struct {
	plain bool // every element so far is a datum
	over  int  // the element or row past the limit, while plain; or -1
}

// repeat is the n-th element or row, at the parser's position.
func (p *parser) repeat(d *listData, n int) bool {
	switch {
	case n < participle.MaxIterations:
		return false
	case !d.plain:
		p.failTooMany(p.pos)
		return true
	case d.over < 0:
		d.over = p.pos
	}
	return false
}

// read notes the element read from token start to the parser's position,
// or the failure of the list (ok false). It reports false when the list
// fails on a limit passed earlier.
func (p *parser) read(d *listData, start int, ok bool) bool {
	if d.plain && !(ok && p.isDatum(start)) {
		d.plain = false
		if d.over >= 0 {
			p.failTooMany(d.over)
			return false
		}
	}
	return true
}

// isDatum reports whether the tokens from start to the parser's position
// are a number, a negated number or a blank.
func (p *parser) isDatum(start int) bool {
	switch t := p.at(start); p.pos - start {
	case 1:
		return t.Type == tokInt || isPunct(t, ".") || isPunct(t, "_")
	case 2:
		return isPunct(t, "-") && p.at(start+1).Type == tokInt
	}
	return false
}

// list reads a list literal from its "[".
func (p *parser) list() (Expr, status) {
	start := p.pos
	p.pos++
	d := &listData{plain: true, over: -1}
	var rows []row
	from := p.mark()
	r, st := p.row(d)
	switch st {
	case failed:
		if p.optionFailed(from) || !p.read(d, p.pos, false) {
			return nil, failed
		}
	case ok:
		rows = append(rows, r)
		for n := 1; p.isPunct(";"); n++ {
			if p.repeat(d, n) {
				return nil, failed
			}
			from := p.mark()
			p.pos++
			r, st := p.row(d)
			if st == ok {
				rows = append(rows, r)
				continue
			}
			if st == none {
				p.expected("an expression")
			}
			if p.optionFailed(from) || !p.read(d, p.pos, false) {
				return nil, failed
			}
			break
		}
	}
	if !p.isPunct("]") {
		p.read(d, p.pos, false)
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
func (p *parser) row(d *listData) (row, status) {
	start := p.pos
	e, st := p.elem()
	if st == failed {
		p.failHere(st)
	}
	if st != ok || !p.read(d, start, true) {
		return row{}, st
	}
	r := row{elems: []Expr{e}}
	for n := 1; ; n++ {
		from := p.mark()
		if p.isPunct(",") {
			p.pos++
		}
		if startsElem(p.tok()) && p.repeat(d, n) {
			return row{}, failed
		}
		start := p.pos
		e, st := p.elem()
		if st == ok {
			if !p.read(d, start, true) || p.stopped() {
				return row{}, failed
			}
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
	if r.gens, err = p.forGens(); err == failed || r.gens != nil && !p.read(d, p.pos, false) {
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
