package engine

// exprProp is the generic propagator: it serves any constraint the
// dedicated ones do not, by evaluating the compiled expression. Forward
// checking is nFC0: when exactly one variable is unfixed, every value of
// that variable is tried with the fixed values of the others and removed
// if the constraint does not hold; with none unfixed it is a check; with
// two or more it does nothing.
//
// The same propagator with a non-nil obj enforces branch and bound: the
// program is then the objective, which must be defined and better than the
// incumbent.
type exprProp struct {
	p   *program
	obj *objBound
}

// objBound is the incumbent of an optimisation.
type objBound struct {
	sense Sense
	set   bool  // a solution has been found
	best  int64 // its objective value
}

func (o *objBound) accepts(v int64) bool {
	switch {
	case !o.set:
		return true
	case o.sense == Minimize:
		return v < o.best
	}
	return v > o.best
}

func (e *exprProp) vars() []int32 { return e.p.vars }

func (e *exprProp) holds() bool {
	if e.obj == nil {
		return e.p.holds(0)
	}
	v, ok := e.p.eval(0)
	return ok && e.obj.accepts(v)
}

func (e *exprProp) forward(t *store, _ int32) bool { return e.filter(t) }

func (e *exprProp) filter(t *store) bool {
	u := -1
	for l, x := range e.p.vars {
		if t.fixed(x) {
			e.p.vals[l] = t.minOf(x)
			continue
		}
		if u >= 0 {
			return true
		}
		u = l
	}
	if u < 0 {
		return e.holds()
	}
	x := e.p.vars[u]
	// Removing the value just tried leaves the ones after it in place.
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		e.p.vals[u] = v
		if !e.holds() && !t.remove(x, v) {
			return false
		}
	}
	return true
}

func (e *exprProp) check(t *store, _ int32) bool {
	for l, x := range e.p.vars {
		if !t.fixed(x) {
			return true
		}
		e.p.vals[l] = t.minOf(x)
	}
	return e.holds()
}
