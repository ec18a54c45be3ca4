package fzn

// Equal variables are one engine variable. MiniZinc writes bool2int(b, i)
// for every use of a bool as a number (6,400 of them in nmseq), and
// sometimes int_eq(x, y) or bool_eq(a, b) between two variables: posting
// each as a constraint doubles the variables the search and the
// propagation go through for nothing.

// rep returns the variable v stands for.
func (v *fvar) rep() *fvar {
	for v.same != nil {
		v = v.same
	}
	return v
}

// mergeEqualities makes the two sides of each bool2int, int_eq and bool_eq
// between variables one variable, with the values both allow, and drops
// those constraints; every term then names the variable that stands for
// it, so that nothing after this needs to know.
func (c *compiler) mergeEqualities() bool {
	kept := c.cons[:0]
	merged := false
	for _, fc := range c.cons {
		if c.merges(fc) {
			merged = true
		} else {
			kept = append(kept, fc)
		}
	}
	c.cons = kept
	if !merged {
		return true
	}
	vars := c.vars[:0]
	for _, v := range c.vars {
		if v.same == nil {
			vars = append(vars, v)
		}
	}
	c.vars = vars
	for _, fc := range c.cons {
		for i := range fc.args {
			redirect(&fc.args[i])
		}
	}
	for _, s := range c.syms {
		redirect(&s.val)
	}
	return true
}

// redirect makes the terms of an argument name their representatives.
func redirect(a *arg) {
	if a.t.v != nil {
		a.t.v = a.t.v.rep()
	}
	for _, t := range a.elems {
		if t.v != nil && t.v.same != nil {
			a.elems = append([]term(nil), a.elems...) // a symbol's array may be shared
			for j := range a.elems {
				if a.elems[j].v != nil {
					a.elems[j].v = a.elems[j].v.rep()
				}
			}
			break
		}
	}
	for i := range a.args {
		redirect(&a.args[i])
	}
}

// merges merges the variables of an equality and reports whether it did.
func (c *compiler) merges(fc *fcons) bool {
	switch fc.name {
	case "bool2int", "int_eq", "bool_eq":
	default:
		return false
	}
	if len(fc.args) != 2 || fc.args[0].kind != aTerm || fc.args[1].kind != aTerm {
		return false // not well formed: the checks when posting say why
	}
	a, b := fc.args[0].t.v, fc.args[1].t.v
	if a == nil || b == nil || fc.args[0].isBool != (fc.name != "int_eq") || fc.args[1].isBool != (fc.name == "bool_eq") {
		return false
	}
	a, b = a.rep(), b.rep()
	if a == b {
		return true
	}
	if b.isBool && !a.isBool { // keep the bool: it prints as one
		a, b = b, a
	}
	switch {
	case b.unbounded: // all ints: a keeps its values
	case a.unbounded:
		a.dom, a.unbounded = b.dom, false
	default:
		a.dom = intersect(a.dom, b.dom)
		if len(a.dom) == 0 {
			c.unsat = true
		}
	}
	a.introduced = a.introduced && b.introduced
	b.same = a
	return true
}
