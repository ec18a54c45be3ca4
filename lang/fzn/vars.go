package fzn

import (
	"github.com/csp-lang/csp/engine"
)

// makeVars creates the engine variables: first those of the search
// annotations, in their order, so that the engine's input order is the
// annotations' (see Search.Options), then the others in declaration order.
func (c *compiler) makeVars() bool {
	c.searchPhases()
	for i := range c.prog.Search.Phases {
		for _, v := range c.prog.Search.Phases[i].fvars {
			c.makeVar(v)
		}
	}
	for _, v := range c.vars {
		c.makeVar(v)
	}
	for i := range c.prog.Search.Phases {
		ph := &c.prog.Search.Phases[i]
		for _, v := range ph.fvars {
			if v.made {
				ph.Vars = append(ph.Vars, v.eng)
			}
		}
	}
	return !c.failed()
}

func (c *compiler) makeVar(v *fvar) {
	if v.made || c.failed() {
		return
	}
	c.prog.nvars++
	if v.isBool {
		c.prog.nbools++
	}
	dom := v.dom
	if len(dom) == 0 { // the model has no solution; any domain will do
		c.unsat = true
		dom = []engine.Interval{{Lo: 0, Hi: 0}}
	}
	x, err := c.model.NewVarIntervals(v.name, dom)
	if err != nil {
		c.errorf(v.pos, "%v", err)
		return
	}
	v.eng, v.made = x, true
}
