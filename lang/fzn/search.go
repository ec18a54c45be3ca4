package fzn

import (
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
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
	for _, an := range c.solve.Anns.List {
		a, ok := c.annotation(an)
		if ok {
			c.searchAnn(a)
		}
	}
}

func (c *compiler) annotation(an *Annotation) (arg, bool) {
	e := &Expr{Pos: an.Name.Pos, Name: an.Name, Call: an.Args}
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
			c.prog.Warnings = append(c.prog.Warnings, "ignored the annotation "+a.name+"(...), whose arguments csp cannot read")
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
// annotations ask, from base (engine.Default() and limits, say): the
// phases are the model's (Compile added them), free search ignores them,
// and a restart annotation turns the engine's restarts on: Luby's
// sequence for restart_luby, a geometric one for the others (the engine
// has no constant or linear cutoffs; geometric is the nearest that keeps
// the search complete), with the annotation's scale.
func (s Search) Options(base engine.Options, free bool) engine.Options {
	o := base
	o.FreeSearch = free
	if s.Restart == "" || free {
		return o
	}
	o.Restarts = engine.RestartGeometric
	if s.Restart == "luby" {
		o.Restarts = engine.RestartLuby
	}
	if s.Scale > 0 {
		o.RestartScale = s.Scale
	}
	return o
}

// varOrders and valueOrders map the annotations' choices to the engine's.
// MiniZinc's choices the engine has no counterpart for take the nearest:
// anti_first_fail, occurrence and max_regret the input order; the
// splits halve the domain, the lower half first (the upper for
// indomain_reverse_split).
var varOrders = map[string]engine.VarOrder{
	"input_order": engine.OrderInput, "first_fail": engine.OrderMRV, "most_constrained": engine.OrderMRV,
	"dom_w_deg": engine.OrderDomWdeg, "smallest": engine.OrderSmallest, "largest": engine.OrderLargest,
	"anti_first_fail": engine.OrderInput, "occurrence": engine.OrderInput, "max_regret": engine.OrderInput,
}

var valueOrders = map[string]engine.ValueOrder{
	"indomain_min": engine.ValuesMin, "indomain": engine.ValuesMin, "indomain_split": engine.ValueSplit,
	"indomain_interval": engine.ValueSplit, "indomain_random": engine.ValuesMin,
	"indomain_max": engine.ValuesMax, "indomain_reverse_split": engine.ValueSplitMax,
	"indomain_middle": engine.ValuesMid, "indomain_median": engine.ValuesMid,
}

// addPhases gives the model the phases of the annotations.
func (c *compiler) addPhases() {
	for _, ph := range c.prog.Search.Phases {
		order, ok1 := varOrders[ph.VarSel]
		values, ok2 := valueOrders[ph.ValSel]
		if !ok1 || !ok2 {
			c.prog.Warnings = append(c.prog.Warnings, "a search annotation with "+ph.VarSel+" and "+ph.ValSel+": csp searches its variables with input_order and indomain_min where it does not know them")
		}
		if err := c.model.AddPhase(engine.SearchPhase{Vars: ph.Vars, Order: order, Values: values}); err != nil {
			c.errorf(c.solvePos(), "%v", err)
		}
	}
}

func (c *compiler) solvePos() lang.Pos { return toPos(c.solve.Pos) }
