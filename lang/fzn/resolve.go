package fzn

import (
	"strconv"

	"github.com/csp-lang/csp/engine"
)

// resolve turns an expression into an argument: literals into constants,
// names into what they were declared as. In an annotation (ann), a name
// that is not declared is an annotation (input_order), and so is a call.
func (c *compiler) resolve(e *Expr, ann bool) (arg, bool) {
	pos := toPos(e.Pos)
	switch {
	case e.Bool != "":
		return arg{pos: pos, kind: aTerm, isBool: true, t: term{k: b2i(e.Bool == "true")}}, true
	case e.Num != "":
		return c.number(e)
	case e.Set != nil:
		if len(e.Set.Values) > 0 && isFloatText(e.Set.Values[0]) {
			return arg{pos: pos, kind: aFloat}, true
		}
		vs, ok := c.intList(e.Set)
		return arg{pos: pos, kind: aSet, set: setOf(vs)}, ok
	case e.Array != nil:
		return c.array(e, ann)
	case e.Str != "":
		return arg{pos: pos, kind: aString, name: e.Str}, true
	case e.Name != nil:
		return c.named(e, ann)
	}
	c.errorf(pos, "internal error (please report): an empty expression")
	return arg{}, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (c *compiler) number(e *Expr) (arg, bool) {
	pos := toPos(e.Pos)
	if isFloatText(e.Num) || e.Upper != "" && isFloatText(e.Upper) {
		return arg{pos: pos, kind: aFloat}, true
	}
	lo, err := strconv.ParseInt(e.Num, 10, 64)
	if err != nil { // the scanner reads only ints that fit
		c.errorf(pos, "internal error (please report): the integer %s", e.Num)
		return arg{}, false
	}
	if e.Upper == "" {
		return arg{pos: pos, kind: aTerm, t: term{k: lo}}, true
	}
	hi, err := strconv.ParseInt(e.Upper, 10, 64)
	if err != nil {
		c.errorf(pos, "internal error (please report): the integer %s", e.Upper)
		return arg{}, false
	}
	a := arg{pos: pos, kind: aSet}
	if lo <= hi {
		a.set = []engine.Interval{{Lo: lo, Hi: hi}}
	}
	return a, true
}

// array resolves an array literal: of terms (ints or bools, constants or
// variables), of sets, of floats, or in an annotation of anything.
func (c *compiler) array(e *Expr, ann bool) (arg, bool) {
	a := arg{pos: toPos(e.Pos), kind: aArray}
	elems := e.Array.Elems
	if len(elems) == 0 {
		return a, true
	}
	first, ok := c.resolve(elems[0], ann)
	switch {
	case !ok:
		return arg{}, false
	case first.kind == aTerm:
		a.isBool = first.isBool
		a.elems = make([]term, 0, len(elems))
	case first.kind == aSet:
		a.kind = aSets
	case first.kind == aFloat:
		return arg{pos: a.pos, kind: aFloat}, true
	case ann:
		return c.annotationArray(a, elems)
	}
	for i, el := range elems {
		x := first
		if i > 0 {
			if x, ok = c.resolve(el, ann); !ok {
				return arg{}, false
			}
		}
		switch {
		case a.kind == aArray && x.kind == aTerm && x.isBool == a.isBool:
			a.elems = append(a.elems, x.t)
		case a.kind == aSets && x.kind == aSet:
			a.sets = append(a.sets, x.set)
		case ann:
			return c.annotationArray(a, elems)
		case x.kind == aFloat:
			return arg{pos: a.pos, kind: aFloat}, true
		default:
			c.errorf(x.pos, "an array holds one type: element %d is %s, element 1 %s", i+1, describeArg(x), describeArg(first))
			return arg{}, false
		}
	}
	return a, true
}

// annotationArray resolves an array of an annotation whose elements are
// not all ints or all bools: seq_search([int_search(...), ...]).
func (c *compiler) annotationArray(a arg, elems []*Expr) (arg, bool) {
	a.elems, a.sets, a.kind = nil, nil, aArray
	for _, el := range elems {
		x, ok := c.resolve(el, true)
		if !ok {
			return arg{}, false
		}
		a.args = append(a.args, x)
	}
	return a, true
}

// named resolves a declared name, an element of a declared array, or in an
// annotation an annotation.
func (c *compiler) named(e *Expr, ann bool) (arg, bool) {
	pos := toPos(e.Pos)
	n := e.Name.Text
	sym, ok := c.syms[n]
	if e.Call != nil || !ok && ann {
		if !ann {
			c.errorf(pos, "%s(...) is a call: only annotations have them in FlatZinc", n)
			return arg{}, false
		}
		a := arg{pos: pos, kind: aAnn, name: n}
		for _, x := range callArgs(e) {
			xa, ok := c.resolve(x, true)
			if !ok {
				return arg{}, false
			}
			a.args = append(a.args, xa)
		}
		return a, true
	}
	if !ok {
		c.errorf(pos, "%s is not declared%s", n, c.suggestion(n))
		return arg{}, false
	}
	v := sym.val
	v.pos = pos
	if e.Index == "" {
		return v, true
	}
	i, err := strconv.Atoi(e.Index)
	switch {
	case v.kind != aArray && v.kind != aSets:
		c.errorf(pos, "%s is not an array", n)
		return arg{}, false
	case err != nil || i < 1 || i > max(len(v.elems), len(v.sets)):
		c.errorf(pos, "%s[%s] is out of its index set 1..%d", n, e.Index, max(len(v.elems), len(v.sets)))
		return arg{}, false
	case v.kind == aSets:
		return arg{pos: pos, kind: aSet, set: v.sets[i-1]}, true
	}
	return arg{pos: pos, kind: aTerm, isBool: v.isBool, t: v.elems[i-1]}, true
}

func callArgs(e *Expr) []*Expr {
	if e.Call == nil {
		return nil
	}
	return e.Call.List
}

// suggestion names a declared name close to n, for a typo.
func (c *compiler) suggestion(n string) string {
	best, bestD := "", 3
	for m := range c.syms {
		// the closest; of those, one with the same first letter, then the
		// first in order: the same every run
		d := editDistance(n, m, bestD+1)
		if d < bestD || d == bestD && best != "" && closer(n, m, best) {
			best, bestD = m, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// closer breaks a tie between two names as near to n.
func closer(n, m, best string) bool {
	if sm, sb := m[0] == n[0], best[0] == n[0]; sm != sb {
		return sm
	}
	return m < best
}

// editDistance is the Levenshtein distance of a and b, or limit when it is
// at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}
