package fzn

import (
	"strings"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// post posts every constraint item on the engine model.
func (c *compiler) post() bool {
	at := map[*fcons]int{} // the first engine constraint of each item
	for _, fc := range c.cons {
		b, ok := lookup(fc.name)
		if !ok {
			c.unknown(fc)
		} else {
			p := &poster{c: c, fc: fc, m: c.model, args: fc.args}
			if p.check(b.sig) {
				n := len(c.model.Constraints())
				b.post(p)
				if len(c.model.Constraints()) > n {
					at[fc] = n
				}
				if p.err != nil {
					c.errs = append(c.errs, c.itemError(fc, p.err.Error()))
				}
			}
		}
		if len(c.errs) >= maxErrors {
			break
		}
	}
	if !c.failed() {
		c.noteDisjunctions(at)
	}
	return !c.failed()
}

// unknown reports a constraint csp has no propagator for, in the terms
// that help: a float or set builtin is outside what csp supports; any
// other predicate was meant for another solver's library.
func (c *compiler) unknown(fc *fcons) {
	switch {
	case strings.HasPrefix(fc.name, "float_") || strings.HasPrefix(fc.name, "array_float_") || fc.name == "int2float":
		c.errorf(fc.pos, "csp supports int and bool variables: %s is a float constraint", fc.name)
	case strings.HasPrefix(fc.name, "set_") || strings.HasPrefix(fc.name, "array_set_"):
		c.errorf(fc.pos, "csp supports int and bool variables: %s is a set constraint", fc.name)
	default:
		c.errorf(fc.pos, "csp does not know the constraint %s: was the model compiled with csp's library (minizinc --solver csp, after csp mzn install)?", fc.name)
	}
}

func (c *compiler) itemError(fc *fcons, msg string) *lang.Error {
	return &lang.Error{Pos: fc.pos, End: fc.end, Msg: fc.name + ": " + msg}
}

// objective sets the objective of a minimize or maximize.
func (c *compiler) objective() bool {
	s := c.solve
	if s.Satisfy {
		return true
	}
	a, ok := c.resolve(s.Objective, false)
	if !ok {
		return false
	}
	if a.kind != aTerm || a.isBool {
		c.errorf(a.pos, "the objective must be an int, not %s", describeArg(a))
		return false
	}
	sense := engine.Minimize
	if s.Sense == "maximize" {
		sense = engine.Maximize
	}
	c.prog.sense = sense
	e := engine.Expr(engine.NewConst(a.t.k))
	if a.t.v != nil {
		e = c.model.Ref(a.t.v.eng)
	}
	c.model.SetObjective(sense, e)
	return true
}
