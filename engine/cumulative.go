package engine

import "fmt"

// cumulative(start, duration, demand, capacity): tasks sharing a resource
// of the given capacity. At every time the demands of the tasks running
// then (start <= time < start + duration) add up to at most capacity; a
// task of duration 0 runs at no time. Durations and demands are at least
// 0, and so is the capacity, since at a time when no task runs the load
// is 0 (a negative value makes the constraint false). Each of them may be
// a constant or a variable.

// Cumulative is the global constraint cumulative(start, duration, demand,
// capacity), described above: tasks sharing a resource never need more
// than its capacity at once. NewCumulative builds it; Model.Post posts it.
type Cumulative struct {
	start, dur, dem []Expr
	capacity        Expr
	args            []Expr // start ++ dur ++ dem ++ [capacity]
}

// startTimes returns the start times, for ValuesAuto (valueorder.go).
func (g *Cumulative) startTimes() []Expr { return g.start }

// NewCumulative returns cumulative(start, dur, dem, capacity); the lists
// must have the same length.
func NewCumulative(start, dur, dem []Expr, capacity Expr) (*Cumulative, error) {
	n := len(start)
	if len(dur) != n || len(dem) != n {
		return nil, fmt.Errorf("cumulative: %d start times, %d durations and %d demands", n, len(dur), len(dem))
	}
	args := make([]Expr, 0, 3*n+1)
	args = append(append(append(append(args, start...), dur...), dem...), capacity)
	return &Cumulative{start: start, dur: dur, dem: dem, capacity: capacity, args: args}, nil
}

// Name implements Global.
func (g *Cumulative) Name() string { return "cumulative" }

// Args implements Global: the start times, the durations, the demands,
// then the capacity.
func (g *Cumulative) Args() []Expr { return g.args }

// Holds implements Global. The load only rises when a task starts, so
// it is at its highest at the start of some task: testing the load at
// each start suffices.
func (g *Cumulative) Holds(vals []int64) bool {
	n := len(g.start)
	s, d, r, c := vals[:n], vals[n:2*n], vals[2*n:3*n], vals[3*n]
	if c < 0 {
		return false
	}
	for i := range n {
		if d[i] < 0 || r[i] < 0 {
			return false
		}
	}
	for i := range n {
		if d[i] == 0 {
			continue
		}
		load := int64(0)
		for j := range n {
			if runsAt(s[j], d[j], s[i]) {
				var ok bool
				if load, ok = AddInt(load, r[j]); !ok || load > c {
					return false
				}
			}
		}
		if load > c {
			return false
		}
	}
	return true
}

// runsAt reports whether a task started at s with duration d >= 0 runs
// at time t: s <= t < s + d.
func runsAt(s, d, t int64) bool { return s <= t && !endsBy(s, d, t) }

// Decompose implements Global: every start time is defined (also those
// the loads do not read: of a task of duration or demand 0), capacity,
// durations and demands are at least 0 (so defined), and at the start of
// each task the demands of the tasks running then add up to at most the
// capacity. (Holds explains why that is the whole constraint; checking it
// also at a duration-0 task's start adds nothing false, since the load
// there must fit as well.)
func (g *Cumulative) Decompose() (Expr, error) {
	parts := definedParts(nil, g.start)
	var ok bool
	if parts, ok = nonNegative(parts, g.capacity); !ok {
		return NewConst(0), nil
	}
	for k := range g.start {
		if parts, ok = nonNegative(parts, g.dur[k]); !ok {
			return NewConst(0), nil
		}
		if parts, ok = nonNegative(parts, g.dem[k]); !ok {
			return NewConst(0), nil
		}
	}
	for i := range g.start {
		e, err := g.loadAtStart(i)
		if err != nil {
			return nil, err
		}
		if e != nil {
			parts = append(parts, e)
		}
	}
	return allOf(parts)
}

// loadAtStart returns sum over j of (if s_j <= s_i < s_j + d_j then r_j
// else 0) <= capacity, leaving out the tasks whose constant duration or
// demand is 0; nil if none is left.
func (g *Cumulative) loadAtStart(i int) (Expr, error) {
	var terms []Expr
	for j := range g.start {
		if isZero(g.dur[j]) || isZero(g.dem[j]) {
			continue
		}
		var cond Expr
		var err error
		if j == i {
			cond, err = NewBinary(OpGt, g.dur[i], NewConst(0))
		} else {
			cond, err = g.runsAtStart(j, i)
		}
		if err != nil {
			return nil, err
		}
		term, err := NewBinary(OpMul, cond, g.dem[j])
		if err != nil {
			return nil, err
		}
		terms = append(terms, term)
	}
	if len(terms) == 0 {
		return nil, nil
	}
	sum, err := NewNary(OpSum, terms)
	if err != nil {
		return nil, err
	}
	return NewBinary(OpLe, sum, g.capacity)
}

// runsAtStart returns s_j <= s_i and s_i < s_j + d_j.
func (g *Cumulative) runsAtStart(j, i int) (Expr, error) {
	after, err := NewBinary(OpLe, g.start[j], g.start[i])
	if err != nil {
		return nil, err
	}
	end, err := NewBinary(OpAdd, g.start[j], g.dur[j])
	if err != nil {
		return nil, err
	}
	before, err := NewBinary(OpLt, g.start[i], end)
	if err != nil {
		return nil, err
	}
	return NewBinary(OpAnd, after, before)
}

func isZero(e Expr) bool {
	c, ok := e.(*Const)
	return ok && c.V == 0
}

// newProp implements Global.
func (g *Cumulative) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	n := len(g.start)
	t := &b.s.st
	s := newTaskArgs(g.args, argX, 0, n)
	d := newTaskArgs(g.args, argX, n, n)
	r := newTaskArgs(g.args, argX, 2*n, n)
	c := newTaskArgs(g.args, argX, 3*n, 1)
	// Loads are sums of demands, times a start bound plus a duration.
	lim := timeLimit / 4 / int64(max(n, 1))
	if !s.boundsWithin(t, timeLimit/4) || !d.boundsWithin(t, lim) || !r.boundsWithin(t, lim) || !c.boundsWithin(t, timeLimit/4) {
		return nil, globalOpts{}, errTimesTooLarge
	}
	return newCumulativeProp(s, d, r, c), globalOpts{idem: true, slow: true}, nil
}
