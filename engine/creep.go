package engine

// Creeping bounds. Propagators that narrow each other's bounds by a step
// at a time (x < y and y < x + 1 over 0..10^9: each run moves a bound by
// one) would take a billion runs to reach their fixpoint. Within one
// fixpoint, a variable whose domain changed more than creepLimit times
// stops waking the propagators that watch it for any change, unless it
// is fixed (which always wakes them) or they keep events: the fixpoint
// ends sooner, not at the fixpoint, and the search goes on from there.
// That is sound: propagators only ever remove values no solution has.
// And it is complete: a variable's last change before every variable of
// a propagator is fixed is a fixing, which wakes it, so a constraint
// whose variables are all fixed is still checked, and every hidden
// variable's definition still fixes it.
//
// It is on only when some variable has more than creepLimit values: no
// smaller domain can change that often. A linear equality's own loop to
// its fixpoint (linearProp.bounds) stops after creepLimit rounds too.

const creepLimit = 1000

type creepState struct {
	on    bool
	gen   uint32   // the fixpoint running
	count []uint32 // per variable: changes in fixpoint at[x]
	at    []uint32
}

func (c *creepState) init(t *store) {
	for x := range t.numVars() {
		if t.size(x) > creepLimit {
			c.on = true
			break
		}
	}
	if c.on {
		c.count = make([]uint32, t.numVars())
		c.at = make([]uint32, t.numVars())
	}
}

// step counts a change of x in this fixpoint and reports whether x has
// changed more than creepLimit times.
func (c *creepState) step(x int32) bool {
	if c.at[x] != c.gen {
		c.at[x], c.count[x] = c.gen, 0
	}
	c.count[x]++
	return c.count[x] > creepLimit
}
