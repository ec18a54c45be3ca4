package lang

import (
	"github.com/csp-lang/csp/engine"
)

// runs(list, lengths): the list is 0/1 and its maximal runs of 1 have
// exactly the given lengths, in order (a nonogram line). Zeros and blanks
// in lengths are skipped, so ragged clues can be the rows of a matrix
// padded with 0. It is the regular constraint of 0* 1{a} 0+ 1{b} ... 0*,
// whose automaton is built here directly from the clue.

func init() { registerGlobal("runs", 2, 2, lowerRuns) }

func lowerRuns(l *lowerer, c *Call) engine.Global {
	list, _, okList := l.exprsOf(c, 0, "the list")
	ks, blank, lens, ok := l.constsOf(c, 1, "the lengths", true)
	if !ok || !okList {
		return nil
	}
	if len(lens.dims) != 1 {
		l.errorf(c.Args[1], "runs needs a list of lengths, found a %d-dimensional array", len(lens.dims))
		return nil
	}
	var clue []int64
	for k, v := range ks {
		if v < 0 {
			l.errorf(c.Args[1], "runs: length %d (element %d of the lengths) is negative", v, k+1)
			return nil
		}
		if v > 0 && (blank == nil || !blank[k]) {
			clue = append(clue, v)
		}
	}
	for k, e := range list {
		if lo, hi := e.Bounds(); hi < 0 || lo > 1 || !canBe01(l.m, e) {
			l.errorf(c.Args[0], "runs needs a list of 0/1 values, but element %d can be neither 0 nor 1", k+1)
			return nil
		}
	}
	g, err := engine.NewRegular(list, runsAutomaton(clue, len(list)))
	if err != nil {
		l.errorf(c, "%v", err)
		return nil
	}
	return g
}

// canBe01 reports whether e may take the value 0 or 1 (as far as its
// initial domain tells, for a variable).
func canBe01(m *engine.Model, e engine.Expr) bool {
	v, ok := e.(*engine.VarExpr)
	if !ok {
		return true // its bounds meet 0..1
	}
	for _, iv := range m.InitialIntervals(v.V) {
		if iv.Lo <= 1 && iv.Hi >= 0 {
			return true
		}
	}
	return false
}

// runsAutomaton builds the automaton of 0* 1{a} 0+ 1{b} ... 0* over the
// values 0 and 1: state 0 is before the first run; run j has one state
// per 1 read so far, then a state for the 0s after it (before run j+1,
// or at the end); the states after the last run's last 1 and its 0s
// accept. A clue that cannot fit in n cells gets the automaton that
// accepts nothing, rather than one as large as the clue.
func runsAutomaton(clue []int64, n int) engine.Automaton {
	need := int64(len(clue)) - 1
	for _, v := range clue {
		if need += v; need > int64(n) {
			return engine.Automaton{Values: []int64{0, 1}, Next: []int32{-1, -1}, Accept: []bool{false}}
		}
	}
	nq := 1
	for _, v := range clue {
		nq += int(v) + 1
	}
	a := engine.Automaton{Values: []int64{0, 1}, Next: make([]int32, 2*nq), Accept: make([]bool, nq)}
	for i := range a.Next {
		a.Next[i] = -1
	}
	gap := int32(0) // the state reading the 0s before the next run
	a.Next[0] = 0
	for _, v := range clue {
		first := gap + 1
		a.Next[2*gap+1] = first
		for t := int32(0); t < int32(v)-1; t++ {
			a.Next[2*(first+t)+1] = first + t + 1
		}
		last := first + int32(v) - 1
		gap = last + 1
		a.Next[2*last] = gap // a 0 ends the run
		a.Next[2*gap] = gap  // more 0s
	}
	a.Accept[gap] = true
	if gap > 0 {
		a.Accept[gap-1] = true // the last run ends the line
	}
	return a
}
