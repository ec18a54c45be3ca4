package lang

import "github.com/csp-lang/csp/engine"

// nooverlap(start, duration): tasks on one machine never overlap (see
// engine/nooverlap.go). The lists are matched by position, whatever
// their index sets; a negative constant duration is an error.

func init() { registerGlobal("nooverlap", 2, 2, lowerNoOverlap) }

func lowerNoOverlap(l *lowerer, c *Call) engine.Global {
	start, _, ok := l.exprsOf(c, 0, "the start times")
	if !ok {
		return nil
	}
	dur, _, ok := l.exprsOf(c, 1, "the durations")
	if !ok || !l.equalLengths(c, []string{"the start times", "the durations"}, []int{len(start), len(dur)}) {
		return nil
	}
	if !l.notNegative(c, 1, dur, "the durations", "a duration") {
		return nil
	}
	g, _ := engine.NewNoOverlap(start, dur) // its only error, unequal lengths, is ruled out above
	return g
}

// notNegative reports an error at argument i of c if one of its
// constant elements es is negative: list names the argument, one an
// element.
func (l *lowerer) notNegative(c *Call, i int, es []engine.Expr, list, one string) bool {
	for k, e := range es {
		if v, ok := negativeConst(e); ok {
			l.errorf(c.Args[i], "%s: %s have %d as element %d, but %s cannot be negative", c.Fun.Name, list, v, k+1, one)
			return false
		}
	}
	return true
}

// negativeConst reports a negative constant: one the model writes (after
// its params are folded), not an expression over variables whose bounds
// earlier statements happened to fix (1 / x where x is -1), which is a
// number like any other and makes the global false when negative.
func negativeConst(e engine.Expr) (int64, bool) {
	if k, ok := e.(*engine.Const); ok && k.V < 0 {
		return k.V, true
	}
	return 0, false
}
