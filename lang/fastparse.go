package lang

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A hand-written parser of the whole statement grammar, tried before
// participle on every statement. Participle spends tens of microseconds
// and kilobytes of garbage on a statement as small as "x >= 0" (a struct
// per layer of the precedence chain, a branch per optional group), and
// gigabytes on a statement of a million terms; this parser reads the
// tokens once, by recursive descent, and builds the AST of ast.go
// directly: the same nodes, operators and spans that participle and
// convert.go build from the same tokens.
//
// It must never accept what participle rejects, nor read anything
// otherwise. So it follows the grammar of grammar.go production by
// production, makes the choices participle makes, and declines (ok is
// false) at the first token it does not expect: participle then parses the
// statement as before, and its errors are unchanged. Its choices:
//
//   - Where participle tries alternatives in order, one token (two for a
//     call, "name (") tells which would match: every alternative that comes
//     before it fails on that token, where participle moves on to the next.
//   - Where participle tries an optional or repeated group, this parser
//     enters it whenever the group could match (its first token is there),
//     and declines if it then fails. Where it does not enter, participle's
//     attempt fails on the group's first or second token ("not" without
//     "in"), which participle takes back, as it takes back any failure no
//     further than its lookahead (3 tokens) in. (Where participle takes
//     back a failed group that this parser entered, nothing else can read
//     the group's first token in that place, so participle fails later:
//     but for the two groups below.)
//   - Two groups need more care. A generator list followed by ",": in
//     "sum(e for i in S, a)" participle's attempt at a generator "a ..."
//     fails at ")", 2 tokens in, and "a" is an argument; in "sum(e for i
//     in S, a, b)" it reads "a, b" as names and fails 4 tokens in, past
//     its lookahead, which gives up the statement. This parser counts the
//     names and does likewise, or declines. And a "[" after an operand,
//     which participle tries as an index: in a row ("[x [1 2]]") the
//     attempt may fail soon enough to be taken back, and the "[" starts
//     the next element. This parser tries the index; if it fails, it
//     works out from the first index how far in participle's attempt
//     failed (suffixFailsSoon), and takes it back or declines.
//   - The fast paths of fastpath.go (gData, gTerm, gOperand) are
//     followed as participle runs them, when they are on.
//   - A group repeated MaxIterations times is an error in participle: it
//     declines there too.
//
// Its recursion is bounded (fpMaxDepth): deeper statements, which the
// scanner's limits on nesting allow in theory, are left to participle.

// fastParse can be turned off by tests, to compare with participle.
var fastParse = true

// fpMaxDepth bounds the recursion of the parser: the expressions, nots
// and minuses open at once.
const fpMaxDepth = 5000

// fpDecline is panicked to give up a statement.
type fpDecline struct{}

type fparser struct {
	toks    []lexer.Token // the statement's tokens, ending in an EOF
	i       int           // the next token
	depth   int
	max     int    // participle.MaxIterations
	tooMany *Error // a group repeated max times: the error, where participle's would say nothing useful
}

// fastStmt parses the tokens of one statement, which end in an EOF, as
// parseStmt hands them over. ok is false when it declines. tooMany is
// set when it declines at a group repeated participle.MaxIterations
// times, which participle rejects too, after a long time and with a
// message in the grammar's words ("too many iterations of GAddR*").
func fastStmt(toks []lexer.Token) (s Stmt, ok bool, tooMany *Error) {
	return runFast(toks, (*fparser).stmt)
}

// runFast runs one production of the fast parser over all of toks: the
// result, false where it declines (participle then parses), and tooMany
// where it declined at a group repeated too often.
func runFast[T any](toks []lexer.Token, prod func(*fparser) T) (v T, ok bool, tooMany *Error) {
	var zero T
	if len(toks) < 2 || !toks[len(toks)-1].EOF() {
		return zero, false, nil
	}
	p := fparser{toks: toks, max: participle.MaxIterations}
	defer func() {
		if r := recover(); r != nil {
			if _, decline := r.(fpDecline); !decline {
				panic(r)
			}
			v, ok, tooMany = zero, false, p.tooMany
		}
	}()
	v = prod(&p)
	if !p.toks[p.i].EOF() {
		return zero, false, nil
	}
	return v, true, nil
}

func (p *fparser) decline() { panic(fpDecline{}) }

// at is the token k after the next one; the EOF is never passed.
func (p *fparser) at(k int) *lexer.Token {
	j := p.i + k
	if j >= len(p.toks) {
		j = len(p.toks) - 1
	}
	return &p.toks[j]
}

func (p *fparser) isPunct(v string) bool {
	t := &p.toks[p.i]
	return t.Type == tokPunct && t.Value == v
}

func (p *fparser) isKeyword(v string) bool {
	t := &p.toks[p.i]
	return t.Type == tokKeyword && t.Value == v
}

func (p *fparser) expectPunct(v string) {
	if !p.isPunct(v) {
		p.decline()
	}
	p.i++
}

func (p *fparser) expectKeyword(v string) {
	if !p.isKeyword(v) {
		p.decline()
	}
	p.i++
}

// repeated checks the number of matches of a repeated group.
func (p *fparser) repeated(n int) {
	if n >= p.max {
		p.tooMany = &Error{Pos: toPos(p.toks[p.i].Pos),
			Msg: fmt.Sprintf("more than %d of one kind in a row here (operands of one operator, elements, names or generators): split the statement", p.max)}
		p.decline()
	}
}

func (p *fparser) enter() {
	if p.depth++; p.depth > fpMaxDepth {
		p.decline()
	}
}

func (p *fparser) leave() { p.depth-- }

// span is tokSpan of the tokens from a to b.
func (p *fparser) span(a, b int) Span {
	return Span{Pos: toPos(p.toks[a].Pos), End: p.end(b)}
}

// end is the position just after token b.
func (p *fparser) end(b int) Pos {
	last := &p.toks[b]
	end := toPos(last.Pos)
	end.Offset += len(last.Value)
	end.Col += utf8.RuneCountInString(last.Value)
	return end
}

// gStmt.
func (p *fparser) stmt() Stmt {
	t := &p.toks[p.i]
	start := p.i
	if t.Type == tokKeyword {
		switch t.Value {
		case "param":
			p.i++
			d := &ParamDecl{Name: p.ident()}
			if p.isPunct("[") {
				p.i++
				d.Shape = p.exprs("]")
			}
			if p.isPunct("=") {
				p.i++
				d.Value = p.expr()
			}
			d.Span = p.span(start, p.i-1)
			return d
		case "var":
			p.i++
			v := &VarDecl{}
			for n := 0; ; n++ {
				if n > 0 {
					p.repeated(n)
				}
				vn := &VarName{Name: p.ident()}
				if p.isPunct("[") {
					p.i++
					vn.Shape = p.exprs("]")
				}
				v.Names = append(v.Names, vn)
				if !p.isPunct(",") {
					break
				}
				p.i++
			}
			p.expectKeyword("in")
			v.Domain = p.expr()
			v.Span = p.span(start, p.i-1)
			return v
		case "show":
			p.i++
			s := &ShowStmt{Items: p.exprs("")}
			s.Span = p.span(start, p.i-1)
			return s
		case "search":
			return p.search()
		case "minimize", "maximize":
			p.i++
			o := &Objective{Sense: t.Value, Expr: p.expr()}
			o.Span = p.span(start, p.i-1)
			return o
		case "def":
			return p.def()
		}
	}
	e := p.expr()
	return &ConstraintStmt{Span: e.span(), Expr: e}
}

// gSearch.
func (p *fparser) search() *SearchStmt {
	start := p.i
	p.i++ // "search"
	s := &SearchStmt{Items: p.exprs("")}
	for {
		t := &p.toks[p.i]
		if t.Type != tokIdent || t.Value != "order" && t.Value != "values" {
			break
		}
		key := p.i
		p.i++
		name := p.ident()
		at := &s.Order
		if t.Value == "values" {
			at = &s.Values
		}
		if *at != nil {
			s.Twice = append(s.Twice, &Ident{Span: p.span(key, p.i-1), Name: t.Value})
			continue
		}
		*at = name
	}
	s.Span = p.span(start, p.i-1)
	return s
}

// gDef.
func (p *fparser) def() *DefStmt {
	start := p.i
	p.i++ // "def"
	d := &DefStmt{Name: p.ident()}
	if p.isPunct("(") {
		p.i++
		if !p.isPunct(")") {
			d.Params = []*Ident{p.ident()}
			for n := 1; p.isPunct(","); n++ {
				p.repeated(n)
				p.i++
				d.Params = append(d.Params, p.ident())
			}
		}
		p.expectPunct(")")
	}
	switch {
	case p.isPunct("="):
		p.i++
		d.Body = p.expr()
	case p.isPunct("{"):
		p.i++
		d.Block = p.block()
	default:
		p.decline()
	}
	d.Span = p.span(start, p.i-1)
	return d
}

// block reads the statements of a block after its "{", and the "}".
func (p *fparser) block() []Stmt {
	b := []Stmt{}
	if !p.isPunct("}") {
		b = append(b, p.stmt())
		for n := 1; p.isPunct(";"); n++ {
			p.repeated(n)
			p.i++
			b = append(b, p.stmt())
		}
	}
	p.expectPunct("}")
	return b
}

// exprs reads expr ("," expr)* and then the closer, if there is one.
func (p *fparser) exprs(closer string) []Expr {
	es := []Expr{p.expr()}
	for n := 1; p.isPunct(","); n++ {
		p.repeated(n)
		p.i++
		es = append(es, p.expr())
	}
	if closer != "" {
		p.expectPunct(closer)
	}
	return es
}

// gIdent.
func (p *fparser) ident() *Ident {
	t := &p.toks[p.i]
	if t.Type != tokIdent {
		p.decline()
	}
	p.i++
	return &Ident{Span: p.span(p.i-1, p.i-1), Name: t.Value}
}

// gExpr: gTerm, then a quantifier or an implication.
func (p *fparser) expr() Expr {
	p.enter()
	var e Expr
	t := &p.toks[p.i]
	switch {
	case t.Type == tokInt && leafFastPath && !continues(p.at(1), false):
		p.i++
		e = &IntLit{Span: p.span(p.i-1, p.i-1), Text: t.Value}
	case t.Type == tokKeyword && (t.Value == "forall" || t.Value == "exists"):
		e = p.quant()
	default:
		e = p.impl()
	}
	p.leave()
	return e
}

// gQuant.
func (p *fparser) quant() Expr {
	start := p.i
	q := &Quant{Kind: p.toks[p.i].Value}
	p.i++
	q.Gens = p.gens()
	switch {
	case p.isPunct(":"):
		p.i++
		q.Body = p.expr()
	case p.isPunct("{"):
		p.i++
		q.Block = p.block()
	default:
		p.decline()
	}
	q.Span = p.span(start, p.i-1)
	return q
}

// gGens.
func (p *fparser) gens() *Generators {
	g := &Generators{List: []*Generator{p.gen()}}
	for n := 1; p.isPunct(","); n++ {
		// Participle tries "," gGen. Count the names it would read.
		names, j := 0, p.i+1
		for p.toks[j].Type == tokIdent {
			names++
			if j+2 < len(p.toks) && p.toks[j+1].Type == tokPunct && p.toks[j+1].Value == "," && p.toks[j+2].Type == tokIdent {
				j += 2
				continue
			}
			j++
			break
		}
		if t := &p.toks[j]; names == 0 || t.Type != tokKeyword || t.Value != "in" {
			if names > 1 {
				// It fails 2*names tokens in, past its lookahead, and
				// gives up the statement.
				p.decline()
			}
			break // it fails soon enough to be taken back
		}
		p.repeated(n)
		p.i++
		g.List = append(g.List, p.gen())
	}
	if p.isKeyword("where") {
		p.i++
		g.Where = p.expr()
	}
	return g
}

// gGen.
func (p *fparser) gen() *Generator {
	start := p.i
	g := &Generator{Names: []*Ident{p.ident()}}
	for n := 1; p.isPunct(",") && p.at(1).Type == tokIdent; n++ {
		p.repeated(n)
		p.i++
		g.Names = append(g.Names, p.ident())
	}
	p.expectKeyword("in")
	g.Domain = p.set()
	g.Span = p.span(start, p.i-1)
	return g
}

// gImpl: right-associative.
func (p *fparser) impl() Expr {
	start := p.i
	left := p.disj()
	t := &p.toks[p.i]
	if t.Type != tokPunct || (t.Value != "->" && t.Value != "<->") {
		return left
	}
	p.i++
	right := p.expr()
	return &Binary{Span: p.span(start, p.i-1), Op: t.Value, X: left, Y: right}
}

// gDisj.
func (p *fparser) disj() Expr {
	e := p.conj()
	for n := 1; ; n++ {
		t := &p.toks[p.i]
		if t.Type != tokKeyword || (t.Value != "or" && t.Value != "xor") {
			return e
		}
		p.repeated(n)
		p.i++
		e = fold(e, t.Value, p.conj())
	}
}

// gConj.
func (p *fparser) conj() Expr {
	e := p.neg()
	for n := 1; p.isKeyword("and"); n++ {
		p.repeated(n)
		p.i++
		e = fold(e, "and", p.neg())
	}
	return e
}

// gNeg.
func (p *fparser) neg() Expr {
	if !p.isKeyword("not") {
		return p.cmp()
	}
	start := p.i
	p.i++
	p.enter()
	x := p.neg()
	p.leave()
	return &Unary{Span: p.span(start, p.i-1), Op: "not", X: x}
}

// gCmp: one comparison at most.
func (p *fparser) cmp() Expr {
	start := p.i
	left := p.set()
	t := &p.toks[p.i]
	var op string
	switch t.Type {
	case tokPunct:
		switch t.Value {
		case "=", "==":
			op = "="
		case "!=", "<=", ">=", "<", ">":
			op = t.Value
		default:
			return left
		}
		p.i++
	case tokKeyword:
		switch {
		case t.Value == "in":
			op = "in"
			p.i++
		case t.Value == "not" && p.at(1).Type == tokKeyword && p.at(1).Value == "in":
			op = "not in"
			p.i += 2
		default:
			return left
		}
	default:
		return left
	}
	right := p.set()
	return &Binary{Span: p.span(start, p.i-1), Op: op, X: left, Y: right}
}

// gSet.
func (p *fparser) set() Expr {
	e := p.rng()
	for n := 1; ; n++ {
		t := &p.toks[p.i]
		if !(t.Type == tokKeyword && (t.Value == "union" || t.Value == "diff") || t.Type == tokPunct && t.Value == "++") {
			return e
		}
		p.repeated(n)
		p.i++
		e = fold(e, t.Value, p.rng())
	}
}

// gRange.
func (p *fparser) rng() Expr {
	start := p.i
	lo := p.add()
	if !p.isPunct("..") {
		return lo
	}
	p.i++
	hi := p.add()
	return &Binary{Span: p.span(start, p.i-1), Op: "..", X: lo, Y: hi}
}

// gAdd: gOperand, then a sum.
func (p *fparser) add() Expr {
	if t := &p.toks[p.i]; t.Type == tokInt && leafFastPath && !continues(p.at(1), true) {
		p.i++
		return &IntLit{Span: p.span(p.i-1, p.i-1), Text: t.Value}
	}
	e := p.mul()
	for n := 1; ; n++ {
		t := &p.toks[p.i]
		if t.Type != tokPunct || (t.Value != "+" && t.Value != "-") {
			return e
		}
		p.repeated(n)
		p.i++
		e = fold(e, t.Value, p.mul())
	}
}

// gMul.
func (p *fparser) mul() Expr {
	e := p.unary()
	for n := 1; ; n++ {
		t := &p.toks[p.i]
		if t.Type != tokPunct || (t.Value != "*" && t.Value != "/" && t.Value != "%") {
			return e
		}
		p.repeated(n)
		p.i++
		e = fold(e, t.Value, p.unary())
	}
}

// gUnary and gPow: -x, and x ^ y (right-associative, the exponent a
// gUnary).
func (p *fparser) unary() Expr {
	start := p.i
	if p.isPunct("-") {
		p.i++
		p.enter()
		x := p.unary()
		p.leave()
		return &Unary{Span: p.span(start, p.i-1), Op: "-", X: x}
	}
	base := p.postfix()
	if !p.isPunct("^") {
		return base
	}
	p.i++
	p.enter()
	exp := p.unary()
	p.leave()
	return &Binary{Span: p.span(start, p.i-1), Op: "^", X: base, Y: exp}
}

// gPostfix. A "[" after an operand may also start the next element of a
// row ("[x [1 2]]" is a row of two), where participle's attempt at an
// index fails soon enough to be taken back.
func (p *fparser) postfix() Expr {
	e := p.primary()
	for n := 1; p.isPunct("["); n++ {
		p.repeated(n)
		i, depth := p.i, p.depth
		var idx *Index
		first := -1 // where the first index ends, once it is read
		if p.try(func() { idx = p.suffix(e, &first) }) {
			e = idx
			continue
		}
		p.i, p.depth = i, depth
		if !p.suffixFailsSoon(first) {
			p.decline()
		}
		break
	}
	return e
}

// gSuffix. first is set to where the first index ends.
func (p *fparser) suffix(e Expr, first *int) *Index {
	p.i++ // "["
	idx := &Index{X: e, Indices: []Expr{p.index()}}
	*first = p.i
	for m := 1; p.isPunct(","); m++ {
		p.repeated(m)
		p.i++
		idx.Indices = append(idx.Indices, p.index())
	}
	p.expectPunct("]")
	idx.Span = Span{Pos: e.span().Pos, End: p.end(p.i - 1)}
	return idx
}

// suffixFailsSoon reports, for a gSuffix at p.i that did not parse, its
// first index ending at first (-1 if that did not parse either), whether
// participle's attempt at it fails no further than its lookahead in (3
// tokens after the "["), so that it is taken back; false where that is
// not sure. (The attempt is not parsed again: nested in each other, those
// would take exponential time.)
func (p *fparser) suffixFailsSoon(first int) bool {
	open := p.i
	if first < 0 {
		// No index: participle fails 1 token in. An index that fails
		// would fail the same as the first element of a list at this
		// "[", which is the only thing the "[" could be otherwise.
		return !startsIndex(&p.toks[open+1])
	}
	n := first - (open + 1)
	t := &p.toks[first]
	switch {
	case t.Type == tokPunct && t.Value == ",":
		// A second index would take it past the lookahead; none
		// fails 1 token after the ",", which is taken back.
		return n <= 2 && !startsIndex(&p.toks[first+1])
	case t.Type == tokPunct && t.Value == "]":
		return false // (a limit)
	}
	return n <= 2 // it fails at "]", 1+n tokens in
}

// try runs f, and reports false if it declined.
func (p *fparser) try(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, decline := r.(fpDecline); !decline {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// gIndex.
func (p *fparser) index() Expr {
	if p.isPunct("..") {
		p.i++
		return &FullRange{Span: p.span(p.i-1, p.i-1)}
	}
	return p.expr()
}

// gPrimary.
func (p *fparser) primary() Expr {
	t := &p.toks[p.i]
	start := p.i
	switch t.Type {
	case tokInt:
		p.i++
		return &IntLit{Span: p.span(start, start), Text: t.Value}
	case tokIdent:
		if p.at(1).Type == tokPunct && p.at(1).Value == "(" {
			return p.call()
		}
		p.i++
		return &Ident{Span: p.span(start, start), Name: t.Value}
	case tokString:
		raw := t.Value
		if len(raw) < 2 {
			p.decline()
		}
		v, err := strconv.Unquote(raw)
		if err != nil {
			v = raw[1 : len(raw)-1]
		}
		p.i++
		return &StrLit{Span: p.span(start, start), Value: v, Raw: raw}
	case tokKeyword:
		if t.Value != "if" {
			break
		}
		p.i++
		e := &If{Cond: p.expr()}
		p.expectKeyword("then")
		e.Then = p.expr()
		p.expectKeyword("else")
		e.Else = p.expr()
		p.expectKeyword("end")
		e.Span = p.span(start, p.i-1)
		return e
	case tokPunct:
		switch t.Value {
		case "(":
			p.i++
			e := p.expr()
			p.expectPunct(")")
			if w, ok := e.(interface{ widen(Span) }); ok {
				w.widen(p.span(start, p.i-1))
			}
			return e
		case "[":
			return p.list()
		case "{":
			return p.setLit()
		}
	}
	p.decline()
	return nil
}

// gSetLit, and what convPrimary makes of it: a SetLit, or a SetComp
// when generators follow.
func (p *fparser) setLit() Expr {
	start := p.i
	p.i++ // "{"
	var elems []Expr
	if !p.isPunct("}") && !p.isKeyword("for") {
		elems = p.exprs("")
	}
	if p.isKeyword("for") {
		p.i++
		c := &SetComp{Gens: p.gens()}
		if len(elems) == 1 {
			c.Elem = elems[0]
		}
		p.expectPunct("}")
		c.Span = p.span(start, p.i-1)
		return c
	}
	p.expectPunct("}")
	return &SetLit{Span: p.span(start, p.i-1), Elems: elems}
}

// gCall.
func (p *fparser) call() Expr {
	start := p.i
	c := &Call{Fun: p.ident()}
	p.i++ // "("
	if !p.isPunct(")") {
		c.Args = []Expr{p.expr()}
		if p.isKeyword("for") {
			p.i++
			c.Gens = p.gens()
		}
		for n := 1; p.isPunct(","); n++ {
			p.repeated(n)
			p.i++
			c.Args = append(c.Args, p.expr())
		}
	}
	p.expectPunct(")")
	c.Span = p.span(start, p.i-1)
	return c
}

// gList, after gData, and what convList makes of it.
func (p *fparser) list() Expr {
	if dataFastPath {
		if m := p.data(); m != nil {
			return m
		}
	}
	start := p.i
	p.i++ // "["
	type row struct {
		elems []Expr
		gens  *Generators
	}
	var rows []row
	if !p.isPunct("]") {
		for n := 0; ; n++ {
			if n > 0 {
				p.repeated(n)
				p.i++ // ";"
			}
			var r row
			r.elems = append(r.elems, p.elem())
			for m := 1; ; m++ {
				if p.isPunct(",") {
					p.i++
				} else if !startsElem(&p.toks[p.i]) {
					break
				}
				p.repeated(m)
				r.elems = append(r.elems, p.elem())
			}
			if p.isKeyword("for") {
				p.i++
				r.gens = p.gens()
			}
			rows = append(rows, r)
			if !p.isPunct(";") {
				break
			}
		}
	}
	p.expectPunct("]")
	sp := p.span(start, p.i-1)
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

// gElem.
func (p *fparser) elem() Expr {
	if p.isPunct(".") || p.isPunct("_") {
		p.i++
		return &Blank{Span: p.span(p.i-1, p.i-1)}
	}
	return p.expr()
}

// startsElem reports whether a gElem may start with t.
func startsElem(t *lexer.Token) bool {
	return t.Type == tokPunct && (t.Value == "." || t.Value == "_") || startsExpr(t)
}

// startsIndex reports whether a gIndex may start with t.
func startsIndex(t *lexer.Token) bool {
	return t.Type == tokPunct && t.Value == ".." || startsExpr(t)
}

// startsExpr reports whether a gExpr may start with t.
func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case tokInt, tokIdent, tokString:
		return true
	case tokPunct:
		switch t.Value {
		case "(", "[", "{", "-":
			return true
		}
	case tokKeyword:
		switch t.Value {
		case "if", "not", "forall", "exists":
			return true
		}
	}
	return false
}

// data is readData (fastpath.go) on the token slice: the Matrix it reads
// from the "[" at p.i, or nil, p.i unmoved, where it declines.
func (p *fparser) data() *Matrix {
	open, j := p.i, p.i+1
	m := &Matrix{Rows: [][]Expr{}}
	if t := &p.toks[j]; t.Type == tokPunct && t.Value == "]" {
		m.Span = p.span(open, j)
		p.i = j + 1
		return m
	}
	var row []Expr
	for {
		var e Expr
		t := &p.toks[j]
		switch {
		case t.Type == tokInt:
			e = &IntLit{Span: p.span(j, j), Text: t.Value}
			j++
		case t.Type == tokPunct && (t.Value == "." || t.Value == "_"):
			e = &Blank{Span: p.span(j, j)}
			j++
		case t.Type == tokPunct && t.Value == "-" && p.toks[j+1].Type == tokInt:
			e = &Unary{Span: p.span(j, j+1), Op: "-", X: &IntLit{Span: p.span(j+1, j+1), Text: p.toks[j+1].Value}}
			j += 2
		default:
			return nil
		}
		row = append(row, e)
		t = &p.toks[j]
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "]":
			m.Rows = append(m.Rows, row)
			m.Span = p.span(open, j)
			p.i = j + 1
			return m
		case ";":
			m.Rows = append(m.Rows, row)
			row = nil
			j++
		case ",":
			j++
		case "-":
			if _, blank := e.(*Blank); !blank {
				return nil
			}
		}
	}
}
