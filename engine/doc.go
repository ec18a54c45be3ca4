// Package engine is csp's constraint solver: integer decision variables,
// each with a finite set of values (its domain), constraints over them,
// and a depth-first search that finds the assignments satisfying every
// constraint, one at a time, and optionally the best one for an objective.
//
// Package lang compiles a model written in the csp language into an
// engine Model (see its Compile); a Go program may also build one directly
// with the methods below. The command csp is a front end to both.
//
// # Building a model
//
// NewModel returns an empty Model. Variables are added with NewVarRange
// (lo..hi), NewVar (a list of values) or NewVarIntervals (a union of
// ranges); each returns a Var. Model.Ref makes an Expr of a Var, and
// Model.Refs one for each of a list.
//
// An Expr is an integer expression; truth values are 0 and 1. They are
// built by NewConst, NewUnary (-x, abs, not), NewBinary (arithmetic,
// comparisons, logic), NewNary (sum, product, min, max, and, or), NewIf,
// NewElement (a list indexed by an expression) and NewInSet. Each
// constructor computes an interval that holds every value of its result,
// from the variables' domains, and returns an *OverflowError instead of
// building an expression whose values may not fit in 64 bits: the search
// never overflows. Division by zero and an index out of range make an
// expression undefined, and the constraint around it false (see Expr).
//
// Constraints are posted on the model:
//
//   - Model.Require: a truth-valued Expr that must be non-zero.
//   - Model.RequireSum and Model.RequireLinear: a sum, or a sum of terms
//     with coefficients, compared with a constant, in one call.
//   - Model.AllDifferent and Model.Diagonal (the n-queens diagonals).
//   - Model.Post: a global constraint built by NewTable, NewRegular,
//     NewGCC, NewCircuit, NewSubcircuit, NewInverse, NewLex, NewCumulative,
//     NewNoOverlap or NewElementConstraint.
//
// Model.SetObjective(Minimize or Maximize, e) makes it an optimisation.
// A model is plain data: once built, any number of solvers may search it,
// on any goroutines, as long as nobody changes it.
//
// # Searching
//
// NewSolver prepares a search of a model with Options. Each call of
// Solver.Next goes on from the previous solution to the next one and
// returns a Status:
//
//   - Solution: one was found; Solver.Value reads each variable's value
//     (and Solver.Objective the objective's).
//   - Exhausted: there is no further solution. After the last Solution of
//     an optimisation, that solution is proven optimal; with no Solution
//     at all, the model has none.
//   - Stopped: a limit ended the search before either.
//
// So one loop serves every purpose: stop after the first Solution to find
// one, count the Solutions until Exhausted, or, with an objective, keep
// the last: each Solution of an optimisation is strictly better than the
// one before (branch and bound). Solver.Stats tells the work done: nodes,
// failures, propagations, time.
//
// SolveParallel explores the whole search space on several goroutines,
// for counting, enumerating in no particular order, or optimising: the
// same set of solutions as one Solver (for an optimisation, the same
// optimum), sooner on several cores.
//
// # Options
//
// Options choose the variable order (VarOrder), the value order
// (ValueOrder) and how much the solver infers after each decision
// (PropLevel), and set the limits. Under PropAC every expression
// constraint is flattened, as MiniZinc flattens a model for Gecode: each
// operator gets a hidden variable and a propagator of its own, the same
// subexpression used twice is one hidden variable, and linear equalities
// are solved together before the search (flatten.go has the design;
// docs/language.md what each operator's propagation is). Default returns the settings of csp
// solve, the fastest on the project's benchmarks: dom/wdeg, values from
// the middle out, propagation to a fixpoint. The zero Options are the
// textbook search instead, MRV with ascending values and forward
// checking, whose small steps a trace can follow.
//
// # Search phases
//
// A model may say what to branch on first: Model.AddPhase appends a
// SearchPhase, a list of variables with a variable order (OrderInput,
// OrderMRV, OrderDomWdeg, OrderSmallest for the least lower bound,
// OrderLargest for the greatest upper bound) and a value order. The
// search decides the variables of the first phase before those of the
// second, and so on, each phase choosing among its own variables; the
// variables no phase names come last, under Options.Order and
// Options.Values. A variable named twice belongs to its first phase; a
// phase with OptionsOrder or OptionsValues takes those of the Options
// (csp's "search x" without an order).
// Options.FreeSearch ignores the model's phases (MiniZinc's -f), and
// Options.DefaultPhases stand in for them when the model has none or
// they are ignored. Phases change the order of the search, never the set
// of solutions or the optimum. (A value order that splits the domain in
// halves is not there yet: it needs a decision x <= m.)
//
// # Restarts, last conflict, solution-guided values, LNS
//
// Options.Restarts sends the search back to the root after a number of
// failures that grows along the Luby sequence or geometrically
// (RestartScale, RestartBase), dom/wdeg keeping its weights and ties
// broken at random from Seed; the search stays complete, and a
// satisfaction search returns every solution once. LastConflict branches
// again on the variable whose decision just failed; SolutionGuided tries
// each variable's value in the last solution first. LNS, with
// SolveParallel, runs a large neighbourhood search beside the complete
// search of an optimisation, sharing the bound: on one worker by turns,
// on two or more on a worker of its own (lns.go, parallel_lns.go). All
// are off in Default() and in the zero Options; csp solve turns them on
// where its measurements say they pay.
//
// A search stops with Stopped when Options.Deadline passes, when
// Options.StopFlag becomes true (one flag can stop many solvers), or when
// Solver.Stop is called from another goroutine; a Stopped search proves
// nothing about the solutions it did not reach. The limits are looked at
// between nodes and, every thousand units of work or so, inside one:
// while NewSolver filters a wide domain, during the root's propagation,
// within a propagator's pass over a domain (poll.go). A stop inside
// propagation leaves the solver Halted: Next returns Stopped until Reset.
//
// # Batches and tracing
//
// Solver.Restrict narrows domains before a search and Solver.Reset brings
// a solver back to its start, so one Solver serves many instances of a
// model that differ in a few fixed values (the givens of a sudoku).
// Solver.SetTracer reports every node, pruned value, dead end and
// solution to a Tracer: csp solve --trace prints them.
//
// # Errors
//
// Constructors and NewSolver return errors for what cannot be built: an
// empty domain, one wider than MaxDomainWidth (2^63 - 1 values), an
// overflow, lists of different lengths. The integer helpers AddInt,
// MulInt and the others return false where Go's arithmetic would
// silently wrap.
//
// # Domains
//
// A domain is any set of 64-bit integers whose greatest member minus its
// least is below 2^63 - 1. One that spans at most 2^16 values is a bit
// set; a wider one is its bounds and its gaps (domain_wide.go), whose
// memory follows the gaps, not the span. Under PropAC a wide domain is
// split in halves by the search (ValueSplit, ValuesAuto: decision.go),
// and no propagator walks its values one by one: each either reads it as
// intervals or bounds, or leaves it to bounds reasoning and a check once
// it is fixed.
package engine
