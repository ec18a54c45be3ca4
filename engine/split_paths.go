package engine

import (
	"errors"
	"math"
)

// Paths holds subproblems as a tree of their shared prefixes. Under
// PropAC a path holds every x != v step above its node, so the nodes of a
// cut near the right spine of the tree have paths as long as the spine
// (thousands of steps for 129-queens in input order) while each differs
// from the one before it by a step or two: stored one slice each, the
// paths of a cut took memory quadratic in their number (3.7 GB for a
// split of 200-queens). As a tree, each step is stored once: memory is
// linear in the steps the cut made.
type Paths struct {
	nodes []pathNode
	ends  []int32 // per subproblem: its last node (-1: the empty path)
	lens  []int32 // per subproblem: its number of steps
	keeps []int32 // per subproblem: the steps it shares with the one before it
	last  []int32 // the nodes of the path added last, from the root
}

// pathNode is one step, below the step parent (-1: the root).
type pathNode struct {
	parent int32
	d      decision
}

// ErrTooManySteps is the error of adding to Paths past 2^31 steps.
var ErrTooManySteps = errors.New("the subproblems would hold more than 2^31 steps")

// ErrBadKeep is Paths.Extend's error when keep is more than the steps of
// the path before.
var ErrBadKeep = errors.New("a path keeps more steps than the path before it has")

// Len returns the number of subproblems.
func (p *Paths) Len() int { return len(p.ends) }

// Steps returns the number of steps stored, shared prefixes once.
func (p *Paths) Steps() int { return len(p.nodes) }

// PathLen returns the number of steps of subproblem i.
func (p *Paths) PathLen(i int) int { return int(p.lens[i]) }

// Kept returns how many first steps subproblem i shares with
// subproblem i-1 (0 for the first).
func (p *Paths) Kept(i int) int { return int(p.keeps[i]) }

// reset empties p, keeping its memory.
func (p *Paths) reset() {
	p.nodes, p.ends, p.lens, p.keeps, p.last = p.nodes[:0], p.ends[:0], p.lens[:0], p.keeps[:0], p.last[:0]
}

// Add appends a subproblem, sharing its longest common prefix with the
// subproblem added before it.
func (p *Paths) Add(sub Subproblem) error {
	c := 0
	for c < len(p.last) && c < len(sub) && p.nodes[p.last[c]].d == toDecision(sub[c]) {
		c++
	}
	return p.extend(c, len(sub)-c, func(i int) decision { return toDecision(sub[c+i]) })
}

// Extend appends a subproblem made of the first keep steps of the
// subproblem added before it, then steps.
func (p *Paths) Extend(keep int, steps Subproblem) error {
	if keep < 0 || keep > len(p.last) {
		return ErrBadKeep
	}
	return p.extend(keep, len(steps), func(i int) decision { return toDecision(steps[i]) })
}

// takeCut appends the path of the solver's current node, for a cut. The
// frames below the fewest the branch had since the last one it took are
// the same (only the top frame changes in place), so that they are not
// compared again: comparing every path from the root took time quadratic
// in a spine of a hundred thousand x != v steps.
func (p *Paths) takeCut(s *Solver) error {
	frames := s.frames
	c := max(0, min(s.cutLow-1, len(p.last)))
	for c < len(p.last) && c < len(frames) && p.nodes[p.last[c]].d == frameDecision(frames[c]) {
		c++
	}
	s.cutLow = len(frames)
	return p.extend(c, len(frames)-c, func(i int) decision { return frameDecision(frames[c+i]) })
}

// extend appends the path of keep steps of the last one and then n steps
// given by step.
func (p *Paths) extend(keep, n int, step func(i int) decision) error {
	if len(p.nodes)+n > math.MaxInt32 || len(p.ends) >= math.MaxInt32 {
		return ErrTooManySteps
	}
	p.last = p.last[:keep]
	parent := int32(-1)
	if keep > 0 {
		parent = p.last[keep-1]
	}
	for i := range n {
		p.nodes = append(p.nodes, pathNode{parent: parent, d: step(i)})
		parent = int32(len(p.nodes) - 1)
		p.last = append(p.last, parent)
	}
	p.ends = append(p.ends, parent)
	p.lens = append(p.lens, int32(keep+n))
	p.keeps = append(p.keeps, int32(keep))
	return nil
}

// appendPath appends the steps of subproblem i to buf, from the root.
func (p *Paths) appendPath(i int, buf []decision) []decision {
	n := int(p.lens[i])
	start := len(buf)
	for range n {
		buf = append(buf, decision{})
	}
	for k, at := n-1, p.ends[i]; k >= 0; k, at = k-1, p.nodes[at].parent {
		buf[start+k] = p.nodes[at].d
	}
	return buf
}

// At returns subproblem i.
func (p *Paths) At(i int) Subproblem {
	path := p.appendPath(i, nil)
	sub := make(Subproblem, len(path))
	for k, d := range path {
		sub[k] = Decision{X: Var(d.x), V: d.v, Op: d.op}
	}
	return sub
}

// Suffix returns the steps of subproblem i past the first from: with
// Kept(i), what it adds to the subproblem before it.
func (p *Paths) Suffix(i, from int) Subproblem {
	n := int(p.lens[i]) - from
	sub := make(Subproblem, max(n, 0))
	for k, at := n-1, p.ends[i]; k >= 0; k, at = k-1, p.nodes[at].parent {
		d := p.nodes[at].d
		sub[k] = Decision{X: Var(d.x), V: d.v, Op: d.op}
	}
	return sub
}

func toDecision(d Decision) decision {
	return decision{x: int32(d.X), v: d.V, op: d.Op}
}

func frameDecision(f frame) decision { return f.decision() }
