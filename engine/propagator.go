package engine

// A propagator enforces one constraint (or one part of a decomposed
// constraint) over a fixed list of distinct model variables; a variable's
// local number is its position in that list. "Fixed" means a domain of
// size one, whether the search assigned it or forward checking left it
// with one value.
type propagator interface {
	// vars returns the model variables of the propagator.
	vars() []int32
	// forward is forward checking after the search fixed local variable l:
	// remove from the other variables the values inconsistent with the
	// fixed ones. It returns false if that empties a domain or the
	// constraint is violated.
	forward(t *store, l int32) bool
	// check is the test of PropNone after the search fixed local variable
	// l: false if the constraint is violated by the fixed variables.
	// A global constraint checks only its pairs that involve l.
	check(t *store, l int32) bool
	// filter is forward checking from every fixed variable at once, for
	// Propagate and for constraints applied at the root.
	filter(t *store) bool
}

// watch says that local variable l of propagator p is a model variable.
type watch struct{ p, l int32 }

// argVars maps the arguments of a global constraint, which may repeat a
// variable, to its distinct variables.
//
// It also keeps the set of variables the search has not assigned yet.
// Forward checking need not visit the
// others: when the search assigned y, y's forward pass removed from every
// other argument the values that conflict with y, and domains only shrink
// below that node, so no later value can conflict with y.
type argVars struct {
	argX  []int32 // model variable of each argument
	xs    []int32 // distinct variables: local number -> model variable
	occ   []int32 // arguments of local variable l: occ[occAt[l]:occAt[l+1]]
	occAt []int32
	bits  bool // every variable's domain is a bit set: the spreads read words

	live revSet // local numbers of the unassigned variables
}

func (a *argVars) vars() []int32 { return a.xs }

func (a *argVars) occurrences(l int32) []int32 { return a.occ[a.occAt[l]:a.occAt[l+1]] }

// assign records that the search assigned local variable l and returns the
// variables still unassigned.
func (a *argVars) assign(t *store, l int32) []int32 { return a.live.remove(t, l) }

// newArgVars groups the arguments by variable, in order of first
// occurrence.
func (b *builder) newArgVars(argX []int32) argVars {
	a := argVars{argX: argX, xs: make([]int32, 0, len(argX)), bits: true}
	for _, x := range argX {
		a.bits = a.bits && b.s.st.bitset(x)
		if b.localOf[x] < 0 {
			b.localOf[x] = int32(len(a.xs))
			a.xs = append(a.xs, x)
		}
	}
	links := make([]link, len(argX))
	for i, x := range argX {
		links[i] = link{x: b.localOf[x], p: int32(i)}
	}
	a.occAt, a.occ = groupByVar(int32(len(a.xs)), links, func(k link) int32 { return k.p })
	for _, x := range a.xs {
		b.localOf[x] = -1
	}
	a.live = newRevSet(&b.s.st, int32(len(a.xs)))
	return a
}

// filterFixed runs spread from every fixed variable over all the others:
// the filter of a global constraint, for Propagate and the root.
func (a *argVars) filterFixed(t *store, spread func(t *store, l int32, targets []int32) bool) bool {
	for l, x := range a.xs {
		// live is in some order of the search, but holds every variable.
		if t.fixed(x) && !spread(t, int32(l), a.live.items) {
			return false
		}
	}
	return true
}
