package fzn

import (
	"github.com/csp-lang/csp/engine"
)

// Search is what the solve item's annotations ask for: phases of search,
// in order (int_search and bool_search, flattened out of seq_search), and
// restarts.
type Search struct {
	Phases []Phase
	// Restart is the restart annotation's kind: "" (none), "luby",
	// "geometric", "linear" or "constant"; Scale its first argument.
	Restart string
	Scale   int64
}

// Phase is one int_search or bool_search: its variables (the constants of
// its list left out, repeats kept once), how to choose among them and the
// values to try.
type Phase struct {
	Vars []engine.Var
	// VarSel is the annotation's variable choice: input_order,
	// first_fail, anti_first_fail, smallest, largest, occurrence,
	// most_constrained, max_regret or dom_w_deg.
	VarSel string
	// ValSel is the value choice: indomain_min, indomain_max,
	// indomain_middle, indomain_median, indomain, indomain_random,
	// indomain_split, indomain_reverse_split or indomain_interval.
	ValSel string

	fvars []*fvar
}

// searchPhases reads the solve item's search annotations. Annotations csp
// does not know are ignored, as the FlatZinc specification allows, with a
// warning.
func (c *compiler) searchPhases() {
	for _, an := range c.solve.Anns {
		a, ok := c.annotation(an)
		if ok {
			c.searchAnn(a)
		}
	}
}

func (c *compiler) annotation(an *Annotation) (arg, bool) {
	e := &Expr{Pos: an.Name.Pos, Name: an.Name}
	if an.Args != nil {
		e.Call = &CallArgs{Args: an.Args}
	}
	n := len(c.errs)
	a, ok := c.resolve(e, true)
	if !ok { // an annotation is advice: one csp cannot read is not an error
		c.prog.Warnings = append(c.prog.Warnings, "ignored the annotation "+an.Name.Text+": "+c.errs[n].Error())
		c.errs = c.errs[:n]
	}
	return a, ok
}

func (c *compiler) searchAnn(a arg) {
	s := &c.prog.Search
	switch a.name {
	case "seq_search", "warm_start_array":
		if len(a.args) == 1 && a.args[0].kind == aArray {
			for _, x := range a.args[0].args {
				c.searchAnn(x)
			}
		}
	case "int_search", "bool_search", "int_default_search", "bool_default_search":
		ph, ok := phaseOf(a)
		if ok {
			s.Phases = append(s.Phases, ph)
		} else {
			c.prog.Warnings = append(c.prog.Warnings, "ignored a "+a.name+" annotation whose arguments csp cannot read")
		}
	case "restart_luby", "restart_geometric", "restart_linear", "restart_constant":
		s.Restart = a.name[len("restart_"):]
		if len(a.args) > 0 {
			last := a.args[len(a.args)-1]
			if last.kind == aTerm && last.t.isConst() {
				s.Scale = last.t.k
			}
		}
	case "restart_none":
		s.Restart = ""
	default:
		if a.kind == aAnn {
			c.prog.Warnings = append(c.prog.Warnings, "ignored the solve annotation "+a.name)
		}
	}
}

// phaseOf reads int_search(vars, varsel, valsel, strategy).
func phaseOf(a arg) (Phase, bool) {
	if len(a.args) < 3 {
		return Phase{}, false
	}
	list, vs, ls := a.args[0], a.args[1], a.args[2]
	if list.kind == aTerm {
		list = arg{kind: aArray, elems: []term{list.t}}
	}
	if list.kind != aArray || vs.kind != aAnn || ls.kind != aAnn {
		return Phase{}, false
	}
	ph := Phase{VarSel: vs.name, ValSel: ls.name}
	seen := map[*fvar]bool{}
	for _, t := range list.elems {
		if t.v != nil && !seen[t.v] {
			seen[t.v] = true
			ph.fvars = append(ph.fvars, t.v)
		}
	}
	return ph, true
}

// Options returns the engine options that search the model as its
// annotations ask, from base (engine.Default() and limits, say), or base
// unchanged for a free search or a model without annotations.
//
// The engine has one variable order and one value order for the whole
// search, so the annotations map onto them: the variables of the phases
// are the model's first variables, in the phases' order, so that
// input_order follows the annotations exactly; the first phase's choices
// pick the orders (input_order: input; first_fail, most_constrained:
// smallest domain; dom_w_deg: dom/wdeg; indomain_min, indomain_split:
// ascending; indomain_max, indomain_reverse_split: descending;
// indomain_middle, indomain_median: from the middle out). Choices the
// engine has no counterpart for keep base's.
func (s Search) Options(base engine.Options, free bool) engine.Options {
	o := base
	if free || len(s.Phases) == 0 {
		return o
	}
	ph := s.Phases[0]
	switch ph.VarSel {
	case "input_order":
		o.Order = engine.OrderInput
	case "first_fail", "most_constrained":
		o.Order = engine.OrderMRV
	case "dom_w_deg":
		o.Order = engine.OrderDomWdeg
	}
	switch ph.ValSel {
	case "indomain_min", "indomain", "indomain_split", "indomain_interval":
		o.Values = engine.ValuesMin
	case "indomain_max", "indomain_reverse_split":
		o.Values = engine.ValuesMax
	case "indomain_middle", "indomain_median":
		o.Values = engine.ValuesMid
	}
	if s.Restart != "" {
		o.Restarts = true
	}
	return o
}
