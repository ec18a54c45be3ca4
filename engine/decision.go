package engine

// Decisions. Under PropAC a frame of the search is a binary choice on
// its variable x: value branching tries x = v, then x != v; domain
// splitting tries one half of the domain, then the other, around a value
// m: x <= m and x > m, lower half first (ValueSplit) or upper half first
// (ValueSplitMax). Splitting is what a wide domain needs: it reaches any
// value of 0..10^9 in 30 levels, where value branching would try them
// one by one, and it narrows an objective's variable from its improving
// side by bisection. A subproblem's path, a trace and the search tree
// show each step as one of the four.

// DecisionOp is how a decision narrows its variable.
type DecisionOp uint8

// Decisions.
const (
	DecideEq DecisionOp = iota // X = V: value branching's first branch, and every decision under PropFC and PropNone
	DecideNe                   // X != V: value branching's second branch (PropAC)
	DecideLe                   // X <= V: the lower half of a split (PropAC)
	DecideGt                   // X > V: the upper half of a split (PropAC)
)

var decisionNames = [...]string{"=", "!=", "<=", ">"}

// String returns "=", "!=", "<=" or ">".
func (op DecisionOp) String() string {
	if int(op) < len(decisionNames) {
		return decisionNames[op]
	}
	return "DecisionOp(" + itoa(int64(op)) + ")"
}

// decision is one step of a subproblem's path (parallel.go, split.go).
type decision struct {
	x  int32
	v  int64
	op DecisionOp
}

// Frame kinds: how a frame of PropAC branches.
const (
	branchValue uint8 = iota // x = v, then x != v
	branchLow                // x <= v, then x > v
	branchHigh               // x > v, then x <= v
)

// op returns the decision of f's current branch.
func (f *frame) op() DecisionOp {
	switch {
	case f.kind == branchValue && !f.right:
		return DecideEq
	case f.kind == branchValue:
		return DecideNe
	case (f.kind == branchLow) != f.right:
		return DecideLe
	}
	return DecideGt
}

// decision returns f's current branch as a path step.
func (f *frame) decision() decision { return decision{x: f.x, v: f.v, op: f.op()} }

// frameOf returns the frame of a path step, its branch taken.
func frameOf(d decision) frame {
	f := frame{x: d.x, v: d.v, tried: true}
	switch d.op {
	case DecideNe:
		f.right = true
	case DecideLe:
		f.kind = branchLow
	case DecideGt:
		f.kind, f.right = branchLow, true
	}
	return f
}

// apply makes the decision op on x at v in the store, which propagation
// then follows; false if it leaves x no value.
func (t *store) apply(x int32, v int64, op DecisionOp) bool {
	switch op {
	case DecideEq:
		return t.fixTo(x, v)
	case DecideNe:
		return t.remove(x, v)
	case DecideLe:
		return t.removeAbove(x, v)
	}
	return t.removeBelow(x, v+1)
}

// splitThreshold is the initial size above which ValuesAuto splits a
// variable's domain instead of trying its values one by one: beyond it
// value branching needs more x != v branches to clear a region than
// splitting needs levels to reach any value. The puzzles, whose domains
// are far smaller, keep their value orders and node counts. It goes by
// the initial domain, not the current one, so that a variable does not
// turn to creeping x != v steps once splits have narrowed it.
const splitThreshold = 1 << 16

// splitOrders gives ValuesAuto's order to the variables of m whose
// initial domain has more than splitThreshold values: the split that
// starts on the side of the order they would have had (orders, nil for
// ValuesMid everywhere). It returns the orders, nil if all are ValuesMid.
func splitOrders(m *Model, orders []ValueOrder) []ValueOrder {
	for x := range m.NumVars() {
		if m.InitialSize(Var(x)) <= splitThreshold {
			continue
		}
		if orders == nil {
			orders = make([]ValueOrder, m.NumVars())
			for i := range orders {
				orders[i] = ValuesMid
			}
		}
		if orders[x] == ValuesMax {
			orders[x] = ValueSplitMax
		} else {
			orders[x] = ValueSplit
		}
	}
	return orders
}

// branchOf returns how PropAC branches on x, and the value of its first
// branch: x = v, or the split point m of x <= m | x > m (the floor of the
// midpoint of the bounds, so that both halves hold a value).
func (s *Solver) branchOf(x int32) (uint8, int64) {
	t := &s.st
	vo := s.valuesOf(x)
	if vo != ValueSplit && vo != ValueSplitMax {
		return branchValue, s.firstValue(x)
	}
	lo, hi := t.minOf(x), t.maxOf(x)
	m := lo + int64(uint64(hi-lo)/2)
	if vo == ValueSplitMax {
		return branchHigh, m
	}
	return branchLow, m
}
