package lang

import "github.com/csp-lang/csp/engine"

// global_cardinality(list, values, counts): counts[k] is the number of
// elements of list equal to values[k], as in MiniZinc (an element may
// take a value that is not among values). values are distinct
// constants; values and counts are matched by position.

func init() {
	registerGlobal("global_cardinality", 3, 3, lowerGCC)
}

func lowerGCC(l *lowerer, c *Call) engine.Global {
	list, _, ok := l.exprsOf(c, 0, "the list")
	if !ok {
		return nil
	}
	values, _, _, ok := l.constsOf(c, 1, "the values", false)
	if !ok {
		return nil
	}
	counts, _, ok := l.exprsOf(c, 2, "the counts")
	if !ok || !l.equalLengths(c, []string{"the list of values", "the list of counts"}, []int{len(values), len(counts)}) {
		return nil
	}
	first := make(map[int64]int, len(values))
	for k, v := range values {
		if j, dup := first[v]; dup {
			l.errorf(c.Args[1], "global_cardinality needs distinct values, but %d is element %d and element %d of the values", v, j+1, k+1)
			return nil
		}
		first[v] = k
	}
	g, err := engine.NewGCC(list, values, counts)
	if err != nil { // checked above: cannot happen
		l.errorf(c, "internal error (please report): %v", err)
		return nil
	}
	return g
}
