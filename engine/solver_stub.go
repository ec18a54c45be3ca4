package engine

// This file is a placeholder for the search; it is replaced by the real
// implementation.

// Solver searches a Model for solutions.
type Solver struct{ m *Model }

// NewSolver prepares a search of m.
func NewSolver(m *Model, opts Options) (*Solver, error) { return &Solver{m: m}, nil }

// Next continues the search to the next solution.
func (s *Solver) Next() Status { panic("unimplemented") }

// Value returns the value of v in the current solution.
func (s *Solver) Value(v Var) int64 { panic("unimplemented") }

// Objective returns the objective value of the current solution.
func (s *Solver) Objective() int64 { panic("unimplemented") }

// Stop asks a running search to stop; safe from another goroutine.
func (s *Solver) Stop() {}

// Stats returns the statistics so far.
func (s *Solver) Stats() Stats { return Stats{} }

// Propagate runs root propagation without search.
func (s *Solver) Propagate() bool { panic("unimplemented") }

// Domain returns the current domain of v.
func (s *Solver) Domain(v Var) []int64 { panic("unimplemented") }
