package lang

import "github.com/csp-lang/csp/engine"

// lex_less(a, b) and lex_lesseq(a, b): a before b in lexicographic order,
// strictly or not. The lists are matched by position, whatever their
// index sets; a matrix is taken in row-major order.

func init() {
	registerGlobal("lex_less", 2, 2, lowerLex(true))
	registerGlobal("lex_lesseq", 2, 2, lowerLex(false))
}

func lowerLex(strict bool) globalLowering {
	return func(l *lowerer, c *Call) engine.Global {
		a, _, ok := l.exprsOf(c, 0, "the first list")
		if !ok {
			return nil
		}
		b, _, ok := l.exprsOf(c, 1, "the second list")
		if !ok || !l.equalLengths(c, []string{"the first list", "the second list"}, []int{len(a), len(b)}) {
			return nil
		}
		g, err := engine.NewLex(a, b, strict)
		if err != nil { // the lengths are checked: cannot happen
			l.errorf(c, "internal error (please report): %v", err)
			return nil
		}
		return g
	}
}
