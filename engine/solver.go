package engine

import (
	"time"
)

// VarOrder chooses the next variable to branch on.
type VarOrder uint8

// Variable orders.
const (
	// OrderMRV picks the unassigned variable with the smallest domain; ties
	// go to the variable in the most constraints with another unassigned
	// variable, then to the first declared.
	OrderMRV VarOrder = iota
	// OrderInput picks the first unassigned variable in declaration order.
	OrderInput
)

// ValueOrder chooses the order in which a variable's values are tried.
type ValueOrder uint8

// Value orders.
const (
	ValuesMin ValueOrder = iota // ascending
	ValuesMax                   // descending: the course's piles try the last candidate first
)

// PropLevel is how much the solver infers after each assignment.
type PropLevel uint8

// Propagation levels.
const (
	// PropFC is forward checking: after each assignment, every constraint
	// on the assigned variable removes the values of its other variables
	// that cannot be part of a solution with the assigned ones. An emptied
	// domain fails at once. No further propagation follows.
	PropFC PropLevel = iota
	// PropNone checks a constraint only once its variables are assigned.
	// Global constraints count as their pairwise parts.
	PropNone
)

// Options configure a Solver.
type Options struct {
	Order  VarOrder
	Values ValueOrder
	Prop   PropLevel
	// Deadline, if not zero, stops the search when reached.
	Deadline time.Time
	// Progress, if set, is called from the search every few thousand
	// nodes with the statistics so far, so a caller can show progress. It
	// must return quickly.
	Progress func(Stats)
}

// Status is the outcome of Solver.Next.
type Status uint8

// Search outcomes.
const (
	// Solution: a solution was found; read it with Value.
	Solution Status = iota
	// Exhausted: the search space is exhausted; no further solution exists
	// (for an optimisation, the last solution returned is optimal).
	Exhausted
	// Stopped: a limit (deadline or Stop) ended the search early.
	Stopped
)

// Stats counts the work of a search.
type Stats struct {
	Nodes        int64         // assignments tried
	Failures     int64         // assignments that led to a dead end
	Solutions    int64         // solutions found
	Propagations int64         // propagator calls
	MaxDepth     int           // deepest decision level reached
	SearchTime   time.Duration // time spent inside Next and Propagate
}
