package engine

import (
	"errors"
	"fmt"
)

// Search phases: a model may say what to branch on first, and how
// (MiniZinc's int_search and seq_search, csp's search statement).
//
// A SearchPhase is a list of variables with a variable order and a value
// order. The search decides the variables of the first phase that still
// has an undecided one, choosing among that phase's variables by its
// order and trying their values in its value order; once every variable
// of a phase is decided (PropAC: fixed), it goes on to the next phase.
// The variables no phase names come last, as a phase of their own under
// Options.Order and Options.Values. A variable named by two phases
// belongs to the first.
//
// Options.FreeSearch ignores the model's phases (MiniZinc's -f), and
// Options.DefaultPhases are searched instead when the model's are absent
// or ignored: what csp solve uses to branch on the start times of a
// schedule when nothing says otherwise.
//
// Without any phase, and under the three orders of the textbook (input,
// mrv, domwdeg), the search is the one it has always been: the same
// trees, node for node.

// SearchPhase is one step of a search strategy: decide Vars, choosing
// the next among them by Order, trying values in the order Values.
type SearchPhase struct {
	Vars   []Var
	Order  VarOrder
	Values ValueOrder
	// OptionsOrder and OptionsValues make the phase use the solver's
	// Options.Order and Options.Values instead of its own: a search
	// statement that names variables without an order ("search x")
	// follows the settings of the search in force.
	OptionsOrder, OptionsValues bool
	// SetTimes, with OrderSmallest, branches as "set times" schedulers do
	// (settimes.go): among variables of equal least value, the one of
	// least greatest value first, and a variable whose x != v branch was
	// taken waits until its least value moves.
	SetTimes bool
}

// AddPhase appends a search phase to the model. It fails if the phase
// names no variable, a variable of another model, or an unknown order.
// The model keeps a copy of the list.
func (m *Model) AddPhase(p SearchPhase) error {
	if len(p.Vars) == 0 {
		return errors.New("search phase without variables")
	}
	if p.Order > lastOrder || p.Values > ValueSplitMax {
		return errors.New("search phase: unknown order")
	}
	for _, v := range p.Vars {
		if v < 0 || int(v) >= len(m.vars) {
			return fmt.Errorf("search phase: variable %d is not one of the model's %d", v, len(m.vars))
		}
	}
	p.Vars = append([]Var(nil), p.Vars...)
	m.phases = append(m.phases, p)
	return nil
}

// Phases returns the model's search phases, in order.
func (m *Model) Phases() []SearchPhase { return m.phases }

// phaseList is a phase as the solver keeps it: its variables, without
// those of an earlier phase, and its orders.
type phaseList struct {
	vars   []int32
	order  VarOrder
	values ValueOrder
	first  int32 // a trailed cell: the variables of vars before it are decided
	// setTimes: SearchPhase.SetTimes, with OrderSmallest.
	setTimes bool
}

// phasesOf returns the phases the solver follows, the variables no phase
// names last under the options' orders; nil when the search needs none
// (no phase and a textbook order: the search of selectVar and
// selectVarAC).
func phasesOf(m *Model, opts Options) []phaseList {
	given := m.phases
	if opts.FreeSearch || len(given) == 0 {
		given = opts.DefaultPhases
	}
	if len(given) == 0 && opts.Order <= OrderDomWdeg {
		return nil
	}
	named := make([]bool, m.NumVars())
	var out []phaseList
	for _, p := range given {
		var vars []int32
		for _, v := range p.Vars {
			if int(v) < len(named) && v >= 0 && !named[v] {
				named[v] = true
				vars = append(vars, int32(v))
			}
		}
		if len(vars) == 0 {
			continue
		}
		pl := phaseList{vars: vars, order: p.Order, values: p.Values}
		pl.setTimes = p.SetTimes && p.Order == OrderSmallest
		if p.OptionsOrder {
			pl.order = opts.Order
		}
		if p.OptionsValues {
			pl.values = opts.Values
		}
		out = append(out, pl)
	}
	var rest []int32
	for x, in := range named {
		if !in {
			rest = append(rest, int32(x))
		}
	}
	if len(rest) > 0 {
		out = append(out, phaseList{vars: rest, order: opts.Order, values: opts.Values})
	}
	return out
}

// checkPhases validates options' DefaultPhases against m.
func checkPhases(m *Model, ps []SearchPhase) error {
	for _, p := range ps {
		if p.Order > lastOrder || p.Values > ValueSplitMax {
			return errors.New("search phase: unknown order")
		}
		for _, v := range p.Vars {
			if v < 0 || int(v) >= m.NumVars() {
				return fmt.Errorf("search phase: variable %d is not one of the model's %d", v, m.NumVars())
			}
		}
	}
	return nil
}

// initPhases prepares the phases' cells and the value order of each
// variable. The set of undecided variables is kept (tracked) whenever
// phases are.
func (s *Solver) initPhases(ps []phaseList, auto []ValueOrder) {
	s.phases = ps
	s.phaseAt = s.st.newCell(0)
	s.initSetTimes(ps)
	for i := range ps {
		ps[i].first = s.st.newCell(0)
	}
	s.vorder = make([]ValueOrder, s.n)
	s.phaseOf = make([]int32, s.n)
	for k, p := range ps {
		for _, x := range p.vars {
			s.phaseOf[x] = int32(k)
		}
	}
	for _, p := range ps {
		for _, x := range p.vars {
			switch {
			case p.values != ValuesAuto:
				s.vorder[x] = p.values
			case auto != nil:
				s.vorder[x] = auto[x]
			default:
				s.vorder[x] = ValuesMid
			}
		}
	}
}

// decided reports whether the search no longer branches on x: assigned
// (PropFC, PropNone) or fixed (PropAC).
func (s *Solver) decided(x int32) bool {
	u := &s.unassigned
	return u.pos[x] >= s.st.cell[u.size]
}

// selectPhased returns the variable to branch on under the phases: the
// best by its phase's order among the undecided variables of the first
// phase that has one; -1 if every variable is decided.
func (s *Solver) selectPhased() int32 {
	t := &s.st
	for k := t.cell[s.phaseAt]; int(k) < len(s.phases); k++ {
		p := &s.phases[k]
		i := t.cell[p.first]
		for int(i) < len(p.vars) && s.decided(p.vars[i]) {
			i++
		}
		if i != t.cell[p.first] {
			t.set(p.first, i)
		}
		if int(i) == len(p.vars) {
			t.set(s.phaseAt, k+1)
			continue
		}
		if p.order == OrderInput {
			return p.vars[i]
		}
		if p.setTimes {
			return s.setTimesChoice(p.vars[i:])
		}
		return s.bestOf(p.vars[i:], p.order)
	}
	return -1
}

// bestOf returns the undecided variable of vars (the first one is) that
// order prefers: the first of equals, or one of them at random once the
// search has restarted. The keys compare as selectMRVAC and
// selectDomWdeg compare: size, then the greater dynamic degree (computed
// only on a tie); size/wdeg without division, a weighted degree of 0
// counting as infinite.
func (s *Solver) bestOf(vars []int32, order VarOrder) int32 {
	t := &s.st
	if order == OrderDomWdeg {
		if s.wdegs.class == nil {
			s.wdegs.init(s)
		}
		s.wdegs.next()
	}
	best, bestKey, bestW, bestDeg := int32(-1), int64(0), int64(0), -1
	ties := 1
	for _, x := range vars {
		if s.decided(x) {
			continue
		}
		var key, w int64
		switch order {
		case OrderSmallest:
			key = t.minOf(x)
		case OrderLargest:
			key = -t.maxOf(x)
		case OrderMRV:
			key = int64(t.size(x))
		case OrderDomWdeg:
			key, w = int64(t.size(x)), s.wdegOf(x)
		}
		c := -1
		switch {
		case best < 0:
		case order == OrderDomWdeg:
			c = cmpProducts(key, bestW, bestKey, w) // 128 bits: a wide size reaches 2^63
		case order == OrderMRV && key == bestKey:
			if bestDeg < 0 {
				bestDeg = s.degree(best)
			}
			d := s.degree(x)
			if c = cmpInt(int64(bestDeg), int64(d)); c < 0 {
				bestDeg = d
			}
		default:
			c = cmpInt(key, bestKey)
		}
		switch {
		case c < 0:
			if order == OrderMRV && key != bestKey {
				bestDeg = -1
			}
			best, bestKey, bestW, ties = x, key, w, 1
		case c == 0 && s.restart.random:
			if ties++; s.tie(ties) {
				best, bestKey, bestW = x, key, w
			}
		}
	}
	return best
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// usesOrder reports whether a phase chooses its variables by o.
func usesOrder(ps []phaseList, o VarOrder) bool {
	for _, p := range ps {
		if p.order == o {
			return true
		}
	}
	return false
}

// usesValues reports whether a phase tries its values in order v.
func usesValues(ps []phaseList, v ValueOrder) bool {
	for _, p := range ps {
		if p.values == v {
			return true
		}
	}
	return false
}

// SchedulingPhase returns the "set times" phase of a schedule: the start
// times of m's nooverlap and cumulative constraints, in the order of
// the variables, the earliest first (OrderSmallest, with SetTimes) at its
// earliest value (ValuesMin), as Le Pape's list schedulers and Gecode's
// job-shop models branch; false if m has none.
func SchedulingPhase(m *Model) (SearchPhase, bool) {
	var p SearchPhase
	for x, start := range earliestStarts(m, false) {
		if start {
			p.Vars = append(p.Vars, Var(x))
		}
	}
	p.Order, p.Values, p.SetTimes = OrderSmallest, ValuesMin, true
	return p, len(p.Vars) > 0
}
