package lang

import "github.com/csp-lang/csp/engine"

// circuit(succ) and subcircuit(succ): one list of successors, whose
// values are the list's own indices. A one-dimensional list is numbered
// by its index set (a slice keeps its indices, a comprehension or a ++
// result starts at 1); a matrix is taken in row-major order and its
// cells numbered from 1.

func init() {
	registerGlobal("circuit", 1, 1, lowerCircuit)
	registerGlobal("subcircuit", 1, 1, lowerCircuit)
}

func lowerCircuit(l *lowerer, c *Call) engine.Global {
	succ, a, ok := l.exprsOf(c, 0, "its argument")
	if !ok {
		return nil
	}
	base := int64(1)
	if len(a.dims) == 1 {
		base = a.base()
	}
	var g engine.Global
	var err error
	if c.Fun.Name == "subcircuit" {
		g, err = engine.NewSubcircuit(succ, base)
	} else {
		g, err = engine.NewCircuit(succ, base)
	}
	if err != nil {
		l.errorf(c.Args[0], "%s: the successors are numbered from %d, too close to the limits of 64-bit integers", c.Fun.Name, base)
		return nil
	}
	return g
}
