package engine

import "slices"

// A variable's weighted degree depends only on its constraints: the sum
// of the weights of those with another unassigned variable. Variables on
// the same constraints (every queen of n-queens, every cell of a Latin
// square row and column pair) share it, so selectDomWdeg computes it once
// per such class and call instead of once per variable: on 10000-queens
// that was four scattered reads per variable and node.
type wdegClasses struct {
	class []int32    // per variable: its class, the variables on the same constraints
	deg   []classDeg // per class
	call  uint32
}

// classDeg is the weighted degree of a class's variables at call stamp.
type classDeg struct {
	w     int64
	stamp uint32
}

// init groups the variables by their list of constraints.
func (c *wdegClasses) init(s *Solver) {
	c.class = make([]int32, s.n)
	ids := map[string]int32{}
	n := int32(0)
	var prev []int32
	for x := range s.n {
		cons := s.groupCons[s.groupAt[x]:s.groupAt[x+1]]
		if x > 0 && slices.Equal(cons, prev) { // as array elements often are
			c.class[x] = c.class[x-1]
			continue
		}
		prev = cons
		k := int32sKey(cons)
		id, ok := ids[k]
		if !ok {
			id, n = n, n+1
			ids[k] = id
		}
		c.class[x] = id
	}
	c.deg = make([]classDeg, n)
}

// next starts a call: every class's degree is to be computed again.
func (c *wdegClasses) next() {
	if c.call++; c.call == 0 {
		clear(c.deg)
		c.call = 1
	}
}

// wdegOf computes the weighted degree of x, the sum of the weights of
// its constraints that have another unassigned variable, and keeps it for
// its class until the next call.
func (s *Solver) wdegOf(x int32) int64 {
	c := &s.wdegs
	k := c.class[x]
	t := &s.st
	w := int64(0)
	lo, hi := s.groupAt[x], s.groupAt[x+1]
	for i, g := range s.groups[lo:hi] {
		if t.cell[g] > 1 {
			w += s.weight[s.groupCons[int(lo)+i]]
		}
	}
	c.deg[k] = classDeg{w, c.call}
	return w
}
