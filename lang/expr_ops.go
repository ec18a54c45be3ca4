package lang

// Operators, by precedence climbing: an operand, then as long as an
// operator follows that binds at least as tightly as the caller allows,
// the operator and its right side, read at the operator's level.

// level is how tightly an operator binds, loosest first (the table of
// docs/language.md).
type level int8

const (
	lvNone  level = iota
	lvImpl        // -> <->, right-associative, its right side an Expr
	lvDisj        // or xor
	lvConj        // and
	lvNeg         // not, prefix
	lvCmp         // = == != < <= > >= in, not in: one at most
	lvSet         // union diff ++
	lvRange       // ..: one at most
	lvAdd         // + -
	lvMul         // * / %
	lvUnary       // -, prefix
	lvPow         // ^, right-associative, its right side a Unary
)

// binaryOp is the operator at the parser's position: as the AST spells
// it, its level, and its tokens (two for "not in"; a "not" without "in"
// is one, and fails).
func (p *parser) binaryOp() (op string, lv level, n int) {
	t := p.tok()
	switch t.Type {
	case tokPunct:
		switch t.Value {
		case "->", "<->":
			return t.Value, lvImpl, 1
		case "=", "==":
			return "=", lvCmp, 1
		case "!=", "<", "<=", ">", ">=":
			return t.Value, lvCmp, 1
		case "++":
			return t.Value, lvSet, 1
		case "..":
			return t.Value, lvRange, 1
		case "+", "-":
			return t.Value, lvAdd, 1
		case "*", "/", "%":
			return t.Value, lvMul, 1
		case "^":
			return t.Value, lvPow, 1
		}
	case tokKeyword:
		switch t.Value {
		case "or", "xor":
			return t.Value, lvDisj, 1
		case "and":
			return t.Value, lvConj, 1
		case "in":
			return t.Value, lvCmp, 1
		case "not":
			if n := p.next(); n.Type == tokKeyword && n.Value == "in" {
				return "not in", lvCmp, 2
			}
			return "not", lvCmp, 1
		case "union", "diff":
			return t.Value, lvSet, 1
		}
	}
	return "", lvNone, 0
}

// repeats reports whether the operators of a level may follow one another
// (a + b + c), each a part of its own that may fail and be taken back;
// the others take one operator, a right-associative one nesting the rest
// in its right side.
func (lv level) repeats() bool {
	switch lv {
	case lvDisj, lvConj, lvSet, lvAdd, lvMul:
		return true
	}
	return false
}

// climb reads an expression whose operators bind at least at level m.
func (p *parser) climb(m level) (Expr, status) {
	start := p.pos
	left, st := p.operand(m)
	if st != ok {
		return nil, st
	}
	return p.climbFrom(left, start, m)
}

// climbFrom reads the operators of level m or tighter after left, which
// started at token start.
func (p *parser) climbFrom(left Expr, start int, m level) (Expr, status) {
	ceil := lvPow // the loosest level whose operators may follow
	n, nLevel := 0, lvNone
	for p.pos != p.stuck {
		op, lv, size := p.binaryOp()
		if lv == lvNone || lv < m {
			break // the caller's, if anyone's
		}
		if lv > ceil {
			p.stuck = p.pos // a second comparison, or a second ".."
			break
		}
		if lv != nLevel {
			n, nLevel = 0, lv
		}
		if n++; lv.repeats() && p.tooMany(n) {
			return nil, failed
		}
		from := p.mark()
		right, st := p.rightSide(op, lv, size)
		if st != ok {
			if p.optionFailed(from) {
				return nil, failed
			}
			p.stuck = from.pos
			break
		}
		left = p.binary(left, start, op, lv, right)
		ceil = lv
		if !lv.repeats() {
			ceil = lv - 1
		}
	}
	return left, ok
}

// rightSide reads an operator and its right side, as the part of
// level lv that follows an operand.
func (p *parser) rightSide(op string, lv level, size int) (Expr, status) {
	if op == "not" {
		return nil, p.notWithoutIn()
	}
	p.pos += size
	var right Expr
	var st status
	switch lv {
	case lvImpl:
		right, st = p.expr()
	case lvMul, lvPow:
		right, st = p.climb(lvUnary)
	default:
		right, st = p.climb(lv + 1)
	}
	if st == none {
		st = p.expected("an expression")
	}
	if st == failed && lv.repeats() && !p.fatal {
		p.record() // the part is a production of its own
	}
	return right, st
}

// notWithoutIn fails at a "not" after an operand that "in" does not
// follow: the comparison "not in" it would start.
func (p *parser) notWithoutIn() status {
	from := p.mark()
	p.pos++
	p.expected(`"in"`)
	p.noAlternative(from) // the other comparisons do not start with not
	return failed
}

// binary builds left op right: an operator that repeats spans its
// operands, the others their tokens.
func (p *parser) binary(left Expr, start int, op string, lv level, right Expr) Expr {
	if lv.repeats() {
		return fold(left, op, right)
	}
	return &Binary{Span: p.span(start, p.pos-1), Op: op, X: left, Y: right}
}

// fold builds a left-associative chain; the span of each partial chain
// runs from the first operand to the end of its last.
func fold(left Expr, op string, right Expr) Expr {
	return &Binary{Span: Span{Pos: left.span().Pos, End: right.span().End}, Op: op, X: left, Y: right}
}

// operand reads the first operand of climb(m): prefix operators, where
// level m allows them, and a postfix expression. When it fails, the
// failure goes up through the alternatives of the levels above the one
// that failed, each of which begins at the operand (those of not, of
// unary minus, and of + and -, whose first alternative is a lone number).
func (p *parser) operand(m level) (Expr, status) {
	from := p.mark()
	var e Expr
	var st status
	above := 0
	switch {
	case m <= lvNeg && p.isKeyword("not"):
		e, st = p.prefixed("not", lvNeg)
	case m <= lvUnary && p.isPunct("-"):
		e, st = p.prefixed("-", lvUnary)
		above = b2i(m <= lvAdd) + b2i(m <= lvNeg)
	default:
		e, st = p.postfix()
		above = 1 + b2i(m <= lvAdd) + b2i(m <= lvNeg)
	}
	for ; st == failed && above > 0; above-- {
		p.noAlternative(from)
	}
	return e, st
}

// prefixed reads a prefix operator and its operand, which binds at lv.
func (p *parser) prefixed(op string, lv level) (Expr, status) {
	from := p.mark()
	p.pos++
	x, st := p.climb(lv)
	switch st {
	case ok:
		return &Unary{Span: p.span(from.pos, p.pos-1), Op: op, X: x}, ok
	case none:
		p.expected("an expression")
	}
	p.noAlternative(from) // an operand does not start with op
	return nil, failed
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
