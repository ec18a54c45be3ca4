package lang

import (
	"github.com/csp-lang/csp/engine"
)

// The global constraints of language v2 (circuit, table, regular, ...)
// each lower in a file of their own (global_*.go) that registers itself
// here: its arity for the resolver, and a function that evaluates the
// call's arguments into an engine.Global. As a statement the global is
// posted with its propagator (post.go); inside an expression it is its
// decomposition (calls.go).

// globalLowering evaluates a global's arguments and builds it, or reports
// an error at the call and returns nil.
type globalLowering func(l *lowerer, c *Call) engine.Global

var globalLowerings = map[string]globalLowering{}

// registerGlobal adds a global constraint taking minArgs..maxArgs
// arguments. It is called from the init functions of the global_*.go
// files.
func registerGlobal(name string, minArgs, maxArgs int, lower globalLowering) {
	builtins[name] = builtin{minArgs: minArgs, maxArgs: maxArgs, constraint: true}
	globalLowerings[name] = lower
}

// postGlobal posts a global met as a statement; it reports whether name
// is one.
func (l *lowerer) postGlobal(c *Call) bool {
	lower, ok := globalLowerings[c.Fun.Name]
	if !ok {
		return false
	}
	if g := lower(l, c); g != nil {
		l.record(c, l.m.Post(g))
	}
	return true
}

// globalExpr is a global met inside an expression: its decomposition.
func (l *lowerer) globalExpr(c *Call, lower globalLowering) value {
	g := lower(l, c)
	if g == nil {
		return nil
	}
	e, err := g.Decompose()
	return l.built(e, err, c)
}

// A list argument of a global: its elements in row-major order, and the
// index of its first element when it has one dimension (1 for a
// comprehension or a ++ result, as for any list built from pieces).
type listArg struct {
	elems []value // intV, exprV or blankV
	dims  []interval
}

// base is the index of the first element of a one-dimensional list.
func (a listArg) base() int64 { return a.dims[0].lo }

// listOf evaluates argument i of c, which must be a list or a matrix.
// what names the argument in errors ("the successors").
func (l *lowerer) listOf(c *Call, i int, what string) (listArg, bool) {
	v := l.eval(c.Args[i])
	if v == nil {
		return listArg{}, false
	}
	a, ok := v.(*arrV)
	if !ok {
		if len(c.Args) == 1 {
			l.errorf(c.Args[i], "%s needs a list, found %s", c.Fun.Name, describe(v))
		} else {
			l.errorf(c.Args[i], "%s needs a list as argument %d (%s), found %s", c.Fun.Name, i+1, what, describe(v))
		}
		return listArg{}, false
	}
	return listArg{elems: a.elems, dims: a.dims}, true
}

// exprsOf evaluates argument i of c into one expression per element; a
// blank is an error.
func (l *lowerer) exprsOf(c *Call, i int, what string) ([]engine.Expr, listArg, bool) {
	a, ok := l.listOf(c, i, what)
	if !ok {
		return nil, a, false
	}
	es := make([]engine.Expr, len(a.elems))
	for k, el := range a.elems {
		if _, blank := el.(blankV); blank {
			l.errorf(c.Args[i], "%s: %s has a blank (element %d), which it cannot take", c.Fun.Name, what, k+1)
			return nil, a, false
		}
		if es[k] = l.toExpr(el, c.Args[i]); es[k] == nil {
			return nil, a, false
		}
	}
	return es, a, true
}

// constsOf evaluates argument i of c into constants; blank reports which
// elements are blanks (nil when none is), and a blank is an error unless
// blanks is set.
func (l *lowerer) constsOf(c *Call, i int, what string, blanks bool) ([]int64, []bool, listArg, bool) {
	a, ok := l.listOf(c, i, what)
	if !ok {
		return nil, nil, a, false
	}
	ks := make([]int64, len(a.elems))
	var blank []bool
	for k, el := range a.elems {
		switch el := el.(type) {
		case intV:
			ks[k] = int64(el)
		case blankV:
			if !blanks {
				l.errorf(c.Args[i], "%s: %s has a blank (element %d), which it cannot take", c.Fun.Name, what, k+1)
				return nil, nil, a, false
			}
			if blank == nil {
				blank = make([]bool, len(a.elems))
			}
			blank[k] = true
		default:
			l.errorf(c.Args[i], "%s needs constants as %s, but element %d depends on a variable", c.Fun.Name, what, k+1)
			return nil, nil, a, false
		}
	}
	return ks, blank, a, true
}

// intOf evaluates argument i of c, which may be a number or an
// expression over variables.
func (l *lowerer) intOf(c *Call, i int, what string) (engine.Expr, bool) {
	v := l.eval(c.Args[i])
	switch v := v.(type) {
	case nil:
		return nil, false
	case intV, exprV:
		e := l.toExpr(v, c.Args[i])
		return e, e != nil
	}
	l.errorf(c.Args[i], "%s needs a number as argument %d (%s), found %s", c.Fun.Name, i+1, what, describe(v))
	return nil, false
}

// equalLengths reports an error at c unless the lists have the same
// length: names[k] has lens[k] elements.
func (l *lowerer) equalLengths(c *Call, names []string, lens []int) bool {
	for k := 1; k < len(lens); k++ {
		if lens[k] != lens[0] {
			l.errorf(c, "%s needs lists of equal length, but %s has %d elements and %s has %d", c.Fun.Name, names[0], lens[0], names[k], lens[k])
			return false
		}
	}
	return true
}
