package engine

import (
	"errors"
	"fmt"
)

// nooverlap(start, duration): tasks on one machine (a unary, or
// disjunctive, resource). For i < j, start[i] + duration[i] <= start[j]
// or start[j] + duration[j] <= start[i], unless one of the two durations
// is 0: a task of duration 0 overlaps nothing. Durations are at least 0
// (a negative one makes the constraint false). Durations may be constants
// or variables.
//
// The propagator (nooverlap_prop.go) reasons on start times' bounds with
// each task's least duration: if tasks of durations d never overlap, the
// same tasks shortened to p <= d do not either, so the reasoning on p is
// sound for every duration still possible. A task whose least duration is
// 0 is left out until that changes; the test made when every argument is
// fixed (globalRun) covers the rest.

// NoOverlap is the global constraint nooverlap(start, duration), described
// above: tasks on one machine never run at the same time. NewNoOverlap
// builds it; Model.Post posts it.
type NoOverlap struct {
	start, dur []Expr
	args       []Expr // start ++ dur
}

// NewNoOverlap returns nooverlap(start, dur); the lists must have the
// same length.
func NewNoOverlap(start, dur []Expr) (*NoOverlap, error) {
	if len(start) != len(dur) {
		return nil, fmt.Errorf("nooverlap: %d start times but %d durations", len(start), len(dur))
	}
	args := append(append(make([]Expr, 0, 2*len(start)), start...), dur...)
	return &NoOverlap{start: start, dur: dur, args: args}, nil
}

// startTimes returns the start times, for ValuesAuto (valueorder.go).
func (g *NoOverlap) startTimes() []Expr { return g.start }

// Name implements Global.
func (g *NoOverlap) Name() string { return "nooverlap" }

// Args implements Global: the start times, then the durations.
func (g *NoOverlap) Args() []Expr { return g.args }

// Holds implements Global.
func (g *NoOverlap) Holds(vals []int64) bool {
	n := len(g.start)
	s, d := vals[:n], vals[n:]
	for _, v := range d {
		if v < 0 {
			return false
		}
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if d[i] > 0 && d[j] > 0 && !endsBy(s[i], d[i], s[j]) && !endsBy(s[j], d[j], s[i]) {
				return false
			}
		}
	}
	return true
}

// endsBy reports whether a task started at s with duration d >= 0 ends by
// t: s + d <= t, computed without overflow.
func endsBy(s, d, t int64) bool {
	if s > t {
		return false
	}
	gap, ok := SubInt(t, s)
	return !ok || d <= gap // !ok: the gap exceeds every int64, d included
}

// Decompose implements Global: every start time is defined, every
// duration is at least 0 (which requires it to be defined), and each pair
// of tasks is ordered one way or the other unless one of their durations
// is 0. A start must be defined even where nothing else reads it (a lone
// task, a task of duration 0), as the arguments of every global must: a
// truth test with an undefined number in it is false.
func (g *NoOverlap) Decompose() (Expr, error) {
	parts := definedParts(nil, g.start)
	for _, d := range g.dur {
		var ok bool
		if parts, ok = nonNegative(parts, d); !ok {
			return NewConst(0), nil
		}
	}
	for i := range g.start {
		for j := i + 1; j < len(g.start); j++ {
			e, err := g.pair(i, j)
			if err != nil {
				return nil, err
			}
			if e != nil {
				parts = append(parts, e)
			}
		}
	}
	return allOf(parts)
}

// pair returns d_i = 0 or d_j = 0 or s_i + d_i <= s_j or s_j + d_j <= s_i,
// without the terms a constant duration decides; nil if it always holds.
func (g *NoOverlap) pair(i, j int) (Expr, error) {
	var alts []Expr
	for _, k := range [2]int{i, j} {
		if c, ok := g.dur[k].(*Const); ok {
			if c.V == 0 {
				return nil, nil
			}
			continue
		}
		z, err := NewBinary(OpEq, g.dur[k], NewConst(0))
		if err != nil {
			return nil, err
		}
		alts = append(alts, z)
	}
	for _, o := range [2][2]int{{i, j}, {j, i}} {
		end, err := NewBinary(OpAdd, g.start[o[0]], g.dur[o[0]])
		if err != nil {
			return nil, err
		}
		le, err := NewBinary(OpLe, end, g.start[o[1]])
		if err != nil {
			return nil, err
		}
		alts = append(alts, le)
	}
	return NewNary(OpAny, alts)
}

// definedParts appends to parts the definedness of each of es that may be
// undefined.
func definedParts(parts, es []Expr) []Expr {
	for _, e := range es {
		if MayBeUndefined(e) {
			parts = append(parts, Defined(e))
		}
	}
	return parts
}

// nonNegative appends e >= 0 to parts, or, for a constant, nothing; it
// reports false for a negative constant.
func nonNegative(parts []Expr, e Expr) ([]Expr, bool) {
	if c, ok := e.(*Const); ok {
		return parts, c.V >= 0
	}
	ge, _ := NewBinary(OpGe, e, NewConst(0)) // a comparison cannot overflow
	return append(parts, ge), true
}

// allOf is the conjunction of parts (true if there are none).
func allOf(parts []Expr) (Expr, error) {
	switch len(parts) {
	case 0:
		return NewConst(1), nil
	case 1:
		return parts[0], nil
	}
	return NewNary(OpAll, parts)
}

// errTimesTooLarge refuses a scheduling constraint whose times could
// overflow the propagator's sums.
var errTimesTooLarge = errors.New("start times, durations or demands too large: their sums could overflow 64-bit integers")

// taskArgs reads one argument list of a scheduling global (start times,
// durations, demands) from the arguments argX[off:off+n] of args: the
// variable of each, or -1 and the constant.
type taskArgs struct {
	x []int32
	k []int64
}

func newTaskArgs(args []Expr, argX []int32, off, n int) taskArgs {
	a := taskArgs{x: make([]int32, n), k: make([]int64, n)}
	for i := range n {
		a.x[i] = argX[off+i]
		if a.x[i] < 0 {
			a.k[i] = args[off+i].(*Const).V
		}
	}
	return a
}

func (a taskArgs) min(t *store, i int) int64 {
	if x := a.x[i]; x >= 0 {
		return t.minOf(x)
	}
	return a.k[i]
}

func (a taskArgs) max(t *store, i int) int64 {
	if x := a.x[i]; x >= 0 {
		return t.maxOf(x)
	}
	return a.k[i]
}

// atLeast removes the values below v from argument i; for a constant it
// reports whether the constant is at least v.
func (a taskArgs) atLeast(t *store, i int, v int64) bool {
	if x := a.x[i]; x >= 0 {
		return t.removeBelow(x, v)
	}
	return a.k[i] >= v
}

// atMost removes the values above v from argument i.
func (a taskArgs) atMost(t *store, i int, v int64) bool {
	if x := a.x[i]; x >= 0 {
		return t.removeAbove(x, v)
	}
	return a.k[i] <= v
}

// boundsWithin reports whether every argument's bounds lie within
// ±limit.
func (a taskArgs) boundsWithin(t *store, limit int64) bool {
	for i := range a.x {
		if lo, hi := a.min(t, i), a.max(t, i); lo < -limit || hi > limit {
			return false
		}
	}
	return true
}

// newProp implements Global.
func (g *NoOverlap) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	n := len(g.start)
	t := &b.s.st
	s := newTaskArgs(g.args, argX, 0, n)
	d := newTaskArgs(g.args, argX, n, n)
	// Every time the algorithms compute is a start bound plus some
	// durations: within ±timeLimit if these bounds are.
	lim := timeLimit / 4 / int64(max(n, 1))
	if !s.boundsWithin(t, timeLimit/4) || !d.boundsWithin(t, lim) {
		return nil, globalOpts{}, errTimesTooLarge
	}
	return newNoOverlapProp(s, d), globalOpts{idem: true, slow: true}, nil
}
