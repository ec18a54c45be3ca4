package engine

// Objective-directed value order (ValuesAuto on an optimisation model).
//
// Branch and bound prunes with the best objective found so far, so the
// sooner a good solution is found, the more of the tree the bound cuts.
// Trying the middle of every domain first makes the first solution of
// "minimize max(colour)" use many colours. ValuesAuto therefore tries first,
// for each variable the objective grows with, the value that makes the
// objective best: the smallest under minimize and the largest under
// maximize, and the reverse for a variable the objective shrinks with.
// The other variables, and all of them in a satisfaction model, keep the
// middle-out order of ValuesMid. bench/optimisation-values.md has the
// measurements behind this choice.
//
// Whether the objective grows or shrinks with a variable is read off its
// expression: sums, differences, products by a constant, negation,
// division by a positive constant, min and max are monotone in each
// operand; a variable under any other operator (abs, %, a product of two
// variables, a condition, an index), or that the objective both grows
// and shrinks with, gets no direction.

// Directions of the objective in a variable.
const (
	dirNone int8 = iota // not in the objective
	dirUp               // the objective grows with the variable
	dirDown             // the objective shrinks as the variable grows
	dirBoth             // neither, or both at different places
)

// valueOrders returns, for ValuesAuto, the value order of each variable of
// m; nil when every variable uses ValuesMid (a satisfaction model).
func valueOrders(m *Model) []ValueOrder {
	sense, obj := m.Objective()
	if sense == Satisfy || obj == nil {
		return nil
	}
	mo := &monotony{dir: make([]int8, m.NumVars())}
	mo.walk(obj, dirUp)
	mo.definitions(m)
	dir := mo.dir
	earliest := earliestStarts(m, true)
	orders := make([]ValueOrder, m.NumVars())
	for x, d := range dir {
		switch {
		case d == dirUp && sense == Minimize, d == dirDown && sense == Maximize:
			orders[x] = ValuesMin
		case d == dirDown && sense == Minimize, d == dirUp && sense == Maximize:
			orders[x] = ValuesMax
		case d == dirNone && earliest[x]:
			orders[x] = ValuesMin
		case d == dirBoth && m.InitialSize(Var(x)) > bothSplitSize:
			orders[x] = ValueSplit
		default:
			orders[x] = ValuesMid
		}
	}
	return orders
}

// bothSplitSize is the domain size beyond which a variable the objective
// both grows and shrinks with (a quantity that earns its price and costs
// a set-up, an error that counts both ways) is split rather than tried
// value by value from the middle: no end of its domain is the better one,
// and from the middle, x != v steps creep one value at a time through a
// region that propagation does not rule out. Production planning with
// quantities in 0..1000 (bench/general) went from more than 8 million
// nodes, unproven in 20 s, to 48,318 nodes and 0.14 s; least absolute
// deviations from 193k nodes to 39k. Variables outside the objective keep
// the middle-out order: the marks of a Golomb ruler took 38% more nodes
// split.
const bothSplitSize = 64

// earliestStarts marks the start times of the scheduling globals
// (nooverlap, cumulative). The objective of a schedule rarely names them
// (minimize the makespan, which constraints tie to the ends), but a
// schedule that starts every task as early as it can is the good first
// solution, as list schedulers and set-times branching know: on the job
// shop ft06, trying the earliest start first takes 324 nodes to the proof
// of optimality where the middle-out order takes 12,598.
//
// The same holds for start times tied by disjunctions written out, as an
// open shop or a crew's tasks are: x + a <= y or y + b <= x (disjunctive),
// when written is set. (SchedulingPhase leaves them out: branching on a
// crew's few tasks first took examples/scheduling from 10 nodes to 14.)
func earliestStarts(m *Model, written bool) []bool {
	out := make([]bool, m.NumVars())
	if written {
		for _, p := range m.disj { // NoteDisjunction's, as they are written in FlatZinc
			out[p.x], out[p.y] = true, true
		}
	}
	for _, c := range m.Constraints() {
		if c.Kind == KindExpr && written {
			if p, ok := disjunctionOf(c.Expr); ok { // any gaps, as written
				out[p.x], out[p.y] = true, true
			}
			continue
		}
		g, ok := c.Global.(interface{ startTimes() []Expr })
		if c.Kind != KindGlobal || !ok {
			continue
		}
		for _, e := range g.startTimes() {
			if v, ok := e.(*VarExpr); ok {
				out[v.V] = true
			}
		}
	}
	return out
}

// definitions extends the directions through the constraints that define
// a variable of the objective, x = e: the objective varies with e's
// variables as it does with x (knapsack's maximize value, with value =
// the sum of the values taken). Each variable's direction changes at most
// twice (none, then up or down, then both), so the rounds end.
func (mo *monotony) definitions(m *Model) {
	for changed := true; changed; {
		before := mo.changes
		for _, c := range m.Constraints() {
			b, ok := c.Expr.(*Binary)
			if c.Kind != KindExpr || !ok || b.Op != OpEq {
				continue
			}
			for _, side := range [2][2]Expr{{b.X, b.Y}, {b.Y, b.X}} {
				x, ok := side[0].(*VarExpr)
				if !ok {
					continue
				}
				if d := mo.dir[x.V]; d == dirUp || d == dirDown {
					mo.walk(side[1], d)
				}
			}
		}
		changed = mo.changes != before
	}
}

// monotony is the direction of the objective in each variable, and the
// number of times one was changed.
type monotony struct {
	dir     []int8
	changes int
}

// walk records how the objective varies with each variable of e, the
// objective varying with e in direction d (dirUp, dirDown, or dirBoth:
// unknown).
func (mo *monotony) walk(e Expr, d int8) {
	switch e := e.(type) {
	case *VarExpr:
		switch old := mo.dir[e.V]; {
		case d == dirNone || old == d || old == dirBoth:
		case old == dirNone:
			mo.dir[e.V] = d
			mo.changes++
		default:
			mo.dir[e.V] = dirBoth
			mo.changes++
		}
	case *Unary:
		if e.Op == OpNeg {
			mo.walk(e.X, flip(d))
		} else {
			mo.walk(e.X, dirBoth)
		}
	case *Binary:
		mo.binary(e, d)
	case *Nary:
		if e.Op != OpSum && e.Op != OpMin && e.Op != OpMax {
			d = dirBoth
		}
		for _, a := range e.Args {
			mo.walk(a, d)
		}
	case *InSet:
		mo.walk(e.X, dirBoth)
	case *IfThenElse:
		for _, a := range []Expr{e.Cond, e.Then, e.Else} {
			mo.walk(a, dirBoth)
		}
	case *Element:
		mo.walk(e.Index, dirBoth)
		for _, a := range e.Items {
			mo.walk(a, dirBoth)
		}
	}
}

func (mo *monotony) binary(e *Binary, d int8) {
	x, y := d, d
	switch e.Op {
	case OpAdd:
	case OpSub:
		y = flip(d)
	case OpMul:
		x, y = dirBoth, dirBoth
		if c, ok := e.Y.(*Const); ok {
			x = scaled(d, c.V)
		}
		if c, ok := e.X.(*Const); ok {
			y = scaled(d, c.V)
		}
	case OpDiv:
		x, y = dirBoth, dirBoth
		if c, ok := e.Y.(*Const); ok && c.V > 0 {
			x = d // truncation keeps x/c monotone in x
		}
	default:
		x, y = dirBoth, dirBoth
	}
	mo.walk(e.X, x)
	mo.walk(e.Y, y)
}

// flip reverses a direction.
func flip(d int8) int8 {
	switch d {
	case dirUp:
		return dirDown
	case dirDown:
		return dirUp
	}
	return d
}

// scaled is the direction of c·x when the objective varies with it in d.
func scaled(d int8, c int64) int8 {
	switch {
	case c > 0:
		return d
	case c < 0:
		return flip(d)
	}
	return dirNone // 0·x: the objective does not depend on x
}

// objectiveFirst returns the variables that the objective reads directly,
// grows or shrinks with, and whose initial domain is wide (more than
// splitThreshold values): under ValuesAuto and PropAC the search branches
// on them first, splitting each from its improving side, so that the
// first dive bisects the objective towards its best bound (x > m fails
// at once where the constraints bound x below m) instead of finding a
// poor solution that branch and bound then improves by small steps.
func objectiveFirst(m *Model) []int32 {
	sense, obj := m.Objective()
	if sense == Satisfy || obj == nil {
		return nil
	}
	mo := &monotony{dir: make([]int8, m.NumVars())}
	mo.walk(obj, dirUp)
	var out []int32
	for x, d := range mo.dir {
		if (d == dirUp || d == dirDown) && m.InitialSize(Var(x)) > splitThreshold {
			out = append(out, int32(x))
		}
	}
	return out
}
