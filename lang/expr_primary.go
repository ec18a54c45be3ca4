package lang

import "strconv"

// Operands: primaries and their indices.

// postfix reads a primary and its indices.
func (p *parser) postfix() (Expr, status) {
	e, st := p.primary()
	if st != ok {
		return nil, st
	}
	for n := 1; p.isPunct("["); n++ {
		if p.tooMany(n) {
			return nil, failed
		}
		from := p.mark()
		idx, st := p.index(e)
		if st != ok {
			if p.optionFailed(from) {
				return nil, failed
			}
			break // "[x [1 2]]": a row of two
		}
		e = idx
	}
	return e, ok
}

// index reads [i, j] after x.
func (p *parser) index(x Expr) (Expr, status) {
	p.pos++ // "["
	first, st := p.indexItem()
	if st != ok {
		if st == none {
			p.expected("an expression")
		}
		p.record()
		return nil, failed
	}
	idx := &Index{X: x}
	var more bool
	if idx.Indices, more = repeated(p, ",", p.indexItem, []Expr{first}); !more {
		return nil, failed
	}
	if !p.isPunct("]") {
		p.expected(`"]"`)
		p.record()
		return nil, failed
	}
	p.pos++
	idx.Span = Span{Pos: x.span().Pos, End: p.end(p.pos - 1)}
	return idx, ok
}

// indexItem reads an index: an expression, or ".." alone for all of a
// dimension.
func (p *parser) indexItem() (Expr, status) {
	if p.isPunct("..") {
		p.pos++
		return &FullRange{Span: p.span(p.pos-1, p.pos-1)}, ok
	}
	from := p.mark()
	e, st := p.expr()
	if st == failed {
		p.noAlternative(from)
	}
	return e, st
}

// primary reads a number, a name, a call, a parenthesised expression, a
// list or matrix, a set, a string or an if.
func (p *parser) primary() (Expr, status) {
	t := p.tok()
	from := p.mark()
	var e Expr
	st := none
	switch t.Type {
	case tokInt:
		p.pos++
		return &IntLit{Span: p.span(from.pos, from.pos), Text: t.Value}, ok
	case tokIdent:
		return p.nameOrCall()
	case tokString:
		p.pos++
		return strLit(t.Value, p.span(from.pos, from.pos)), ok
	case tokKeyword:
		if t.Value == "if" {
			e, st = p.ifExpr()
		}
	case tokPunct:
		switch t.Value {
		case "(":
			e, st = p.paren()
		case "[":
			e, st = p.list()
		case "{":
			e, st = p.setLit()
		}
	}
	if st == failed {
		p.noAlternative(from)
	}
	return e, st
}

// nameOrCall reads f(...), or else the name alone. A call is tried first,
// and where no "(" follows the name, its failure is remembered: participle
// tries the call, and a statement that leaves the "(" over is blamed on
// the call.
func (p *parser) nameOrCall() (Expr, status) {
	from := p.mark()
	if n := p.next(); n.Type == tokPunct && n.Value == "(" {
		c, st := p.call()
		if st == ok || p.alternativeFailed(from) {
			return c, st
		}
	} else {
		p.pos++
		p.expected(`"("`)
		p.record()
		p.alternativeFailed(from)
	}
	p.pos++
	return &Ident{Span: p.span(from.pos, from.pos), Name: p.at(from.pos).Value}, ok
}

func strLit(raw string, sp Span) *StrLit {
	v, err := strconv.Unquote(raw)
	if err != nil {
		v = raw[1 : len(raw)-1]
	}
	return &StrLit{Span: sp, Value: v, Raw: raw}
}

// paren reads ( e ), which spans the parentheses.
func (p *parser) paren() (Expr, status) {
	start := p.pos
	p.pos++
	e, st := p.expr()
	switch {
	case st == none:
		return nil, p.expected("an expression")
	case st == failed:
		return nil, failed
	case !p.isPunct(")"):
		return nil, p.expected(`")"`)
	}
	p.pos++
	if w, ok := e.(interface{ widen(Span) }); ok {
		w.widen(p.span(start, p.pos-1))
	}
	return e, ok
}

// ifExpr reads if c then a else b end.
func (p *parser) ifExpr() (Expr, status) {
	start := p.pos
	var parts [3]Expr
	for i, kw := range []string{"if", "then", "else"} {
		if !p.isKeyword(kw) {
			return nil, p.failHere(p.expected(`"` + kw + `"`))
		}
		p.pos++
		e, st := p.expr()
		if st != ok {
			if st == none {
				p.expected("an expression")
			}
			return nil, p.failHere(failed)
		}
		parts[i] = e
	}
	if !p.isKeyword("end") {
		return nil, p.failHere(p.expected(`"end"`))
	}
	p.pos++
	return &If{Span: p.span(start, p.pos-1), Cond: parts[0], Then: parts[1], Else: parts[2]}, ok
}

// failHere records a failure where the parse stands, as a production does
// when a part of it fails, and passes st on.
func (p *parser) failHere(st status) status {
	if !p.fatal {
		p.record()
	}
	return st
}

// call reads f(args), f(e for generators) and f(e for generators, args).
func (p *parser) call() (Expr, status) {
	start := p.pos
	c := &Call{Fun: &Ident{Span: p.span(start, start), Name: p.tok().Value}}
	p.pos += 2 // the name and "("
	from := p.mark()
	first, st := p.expr()
	switch st {
	case failed:
		if p.optionFailed(from) {
			return nil, failed
		}
	case ok:
		c.Args = []Expr{first}
		if c.Gens, st = p.forGens(); st == failed {
			return nil, failed
		}
		var more []Expr
		if more, st = p.moreExprs(); st == failed {
			return nil, failed
		}
		c.Args = append(c.Args, more...)
	}
	if !p.isPunct(")") {
		return nil, p.failHere(p.expected(`")"`))
	}
	p.pos++
	c.Span = p.span(start, p.pos-1)
	return c, ok
}

// forGens reads "for" and generators, if they follow; it fails only when
// the failure is fatal.
func (p *parser) forGens() (*Generators, status) {
	if !p.isKeyword("for") {
		return nil, ok
	}
	from := p.mark()
	p.pos++
	g, st := p.gens()
	if st == ok {
		return g, ok
	}
	if st == none {
		p.expected("a generator such as i in 1..n")
	}
	if p.optionFailed(from) {
		return nil, failed
	}
	return nil, ok
}

// moreExprs reads ("," expr)*; it fails only when the failure is fatal.
func (p *parser) moreExprs() ([]Expr, status) {
	if es, more := repeated(p, ",", p.expr, nil); more {
		return es, ok
	}
	return nil, failed
}

// repeated reads (sep item)* after the items read so far, as
// participle's group ( sep @@ )* does: an item that does not start, or
// fails without going further than its separator, ends the group there
// (the separator is left to whoever follows); one that fails further in
// fails the whole. It reports false on failure.
func repeated[T any](p *parser, sep string, item func() (T, status), items []T) ([]T, bool) {
	for n := 1; p.isPunct(sep); n++ {
		if p.tooMany(n) {
			return nil, false
		}
		from := p.mark()
		p.pos++
		e, st := item()
		if st == ok {
			items = append(items, e)
			continue
		}
		if st == none {
			p.expected("an expression")
		}
		if p.optionFailed(from) {
			return nil, false
		}
		break
	}
	return items, true
}

// setLit reads {a, b, c}, or {e for generators}.
func (p *parser) setLit() (Expr, status) {
	start := p.pos
	p.pos++
	var elems []Expr
	from := p.mark()
	first, st := p.expr()
	switch st {
	case failed:
		if p.optionFailed(from) {
			return nil, failed
		}
	case ok:
		more, st := p.moreExprs()
		if st == failed {
			return nil, failed
		}
		elems = append([]Expr{first}, more...)
	}
	gens, st := p.forGens()
	switch {
	case st == failed:
		return nil, failed
	case !p.isPunct("}"):
		return nil, p.failHere(p.expected(`"}"`))
	}
	p.pos++
	sp := p.span(start, p.pos-1)
	if gens != nil {
		c := &SetComp{Span: sp, Gens: gens}
		if len(elems) == 1 {
			c.Elem = elems[0]
		}
		return c, ok
	}
	return &SetLit{Span: sp, Elems: elems}, ok
}
