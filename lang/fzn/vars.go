package fzn

import (
	"github.com/csp-lang/csp/engine"
)

// makeVars creates the engine variables in declaration order, and the
// search phases of the annotations over them.
func (c *compiler) makeVars() bool {
	c.searchPhases()
	for _, v := range c.vars {
		c.makeVar(v)
	}
	phases := c.prog.Search.Phases[:0]
	for _, ph := range c.prog.Search.Phases {
		for _, v := range ph.fvars {
			if v.made {
				ph.Vars = append(ph.Vars, v.eng)
			}
		}
		if len(ph.Vars) > 0 { // a list of constants decides nothing
			phases = append(phases, ph)
		}
	}
	c.prog.Search.Phases = phases
	c.addPhases()
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
