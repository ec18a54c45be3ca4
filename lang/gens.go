package lang

import (
	"strings"
)

// iterate runs body once for every combination of generator values, in
// order, with the names bound in the environment. A where clause that is
// constant filters; one that depends on a variable is passed to body as
// cond (nil otherwise). body returns false to stop; iterate returns false
// if it stopped on an error.
func (l *lowerer) iterate(g *Generators, at Node, body func(cond value) bool) bool {
	type level struct {
		name   string
		values []int64
	}
	var names []*Ident
	var domains []Expr
	for _, gen := range g.List {
		for _, n := range gen.Names {
			names = append(names, n)
			domains = append(domains, gen.Domain)
		}
	}
	defer func() {
		for _, n := range names {
			delete(l.env, n.Name)
		}
	}()
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(names) {
			return l.visit(g, body)
		}
		vals, ok := l.genValues(domains[i])
		if !ok {
			return false
		}
		if !l.spend(int64(len(vals)), at) {
			return false
		}
		for _, v := range vals {
			l.env[names[i].Name] = intV(v)
			l.gens = append(l.gens, genValue{names[i].Name, v})
			ok := rec(i + 1)
			l.gens = l.gens[:len(l.gens)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

func (l *lowerer) visit(g *Generators, body func(cond value) bool) bool {
	if g.Where == nil {
		return body(nil)
	}
	c := l.eval(g.Where)
	switch c := c.(type) {
	case nil:
		return false
	case intV:
		if c == 0 {
			return true
		}
		return body(nil)
	case exprV:
		return body(c)
	}
	l.errorf(g.Where, "where needs true or false, found %s", describe(c))
	return false
}

// genValues lists what a generator ranges over: a constant set, or the
// values of a constant list.
func (l *lowerer) genValues(e Expr) ([]int64, bool) {
	v := l.eval(e)
	switch v := v.(type) {
	case nil:
		return nil, false
	case setV:
		n, ok := v.size()
		if !ok || n > l.budget {
			l.spend(maxGenerated+1, e)
			return nil, false
		}
		return v.values(), true
	case intV:
		return []int64{int64(v)}, true
	case *arrV:
		var vals []int64
		for _, el := range v.elems {
			switch el := el.(type) {
			case intV:
				vals = append(vals, int64(el))
			case blankV:
			default:
				l.errorf(e, "a generator ranges over constants; %s depends on a variable", l.text(e))
				return nil, false
			}
		}
		return vals, true
	case exprV:
		l.errorf(e, "a generator ranges over constants; %s depends on a variable", l.text(e))
		return nil, false
	}
	return nil, false
}

// bindings describes the generator values in scope: "r = 3, c = 2".
func (l *lowerer) bindings() string {
	parts := make([]string, len(l.gens))
	for i, g := range l.gens {
		parts[i] = g.name + " = " + itoa(g.v)
	}
	return strings.Join(parts, ", ")
}
