package lang

import "github.com/csp-lang/csp/engine"

// inverse(f, g): f[i] = j exactly when g[j] = i. The values of each list
// are the indices of the other, so both must have one dimension: a slice
// keeps its indices, a comprehension or a ++ result is indexed from 1.

func init() {
	registerGlobal("inverse", 2, 2, lowerInverse)
}

func lowerInverse(l *lowerer, c *Call) engine.Global {
	f, fa, ok := l.exprsOf(c, 0, "the first list")
	if !ok || !l.inverseOneDim(c, 0, fa, "the first list") {
		return nil
	}
	g, ga, ok := l.exprsOf(c, 1, "the second list")
	if !ok || !l.inverseOneDim(c, 1, ga, "the second list") {
		return nil
	}
	if !l.equalLengths(c, []string{"the first list", "the second list"}, []int{len(f), len(g)}) {
		return nil
	}
	inv, err := engine.NewInverse(f, g, fa.base(), ga.base())
	if err != nil { // lengths checked, and index sets are within range
		l.errorf(c, "internal error (please report): %v", err)
		return nil
	}
	return inv
}

// inverseOneDim reports an error at argument i of c unless it has one dimension.
func (l *lowerer) inverseOneDim(c *Call, i int, a listArg, what string) bool {
	if len(a.dims) != 1 {
		l.errorf(c.Args[i], "%s needs a list of one dimension as %s, found a matrix with %d dimensions", c.Fun.Name, what, len(a.dims))
		return false
	}
	return true
}
