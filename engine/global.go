package engine

import (
	"errors"
	"fmt"
)

// Global constraints of language v2 (circuit, table, regular, ...) share
// one shape, so that a new global is one type in one file instead of a
// forward-checking propagator, an AC propagator and a switch case in
// finishAC (../shared/guide/engine-design.md weighs the two):
//
//   - A Global is model data: its arguments (variables and constants, in
//     an order of its own), its meaning as a test on their values
//     (Holds), and its decomposition into v1 expressions (Decompose), which
//     lang uses inside expressions and the tests use as a reference.
//   - Posting it makes one globalProp per solver, which narrows domains.
//     The propagation level is a mode of that one propagator:
//     PropNone checks the constraint once every argument is fixed;
//     PropFC runs the propagator once after each assignment of one of its
//     variables, with no cascade to other constraints (modeFC: it may do
//     less than under AC, and must not rely on events);
//     PropAC runs it in the fixpoint loop, woken by the changes it asks
//     for (modeAC), to the strength its documentation promises.
//
// An argument that is neither a variable nor a constant (x[i] + 1) makes
// the builder post the decomposition instead: lang names such arguments
// with auxiliary variables where it matters.

// Global is a global constraint over variables and constants.
type Global interface {
	// Name is the constraint's name in the language (circuit, table...).
	Name() string
	// Args returns every expression the constraint reads.
	Args() []Expr
	// Holds reports whether the constraint holds when Args take vals.
	Holds(vals []int64) bool
	// Decompose returns the constraint as a v1 truth-valued expression
	// over Args.
	Decompose() (Expr, error)
	// newProp makes the propagator of one solver. argX[i] is the model
	// variable of Args()[i], or -1 for a constant; xs lists the distinct
	// variables, whose positions are the local numbers of events.
	newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error)
}

// propMode says how strong a run of a global propagator must be.
type propMode uint8

const (
	// modeFC: after an assignment under PropFC, or once at the root;
	// any variable may have changed since the last run.
	modeFC propMode = iota
	// modeAC: in the PropAC fixpoint loop; with globalOpts.ev set, the
	// variables changed since the last run are in ev.pending (every
	// variable at the first run).
	modeAC
)

// globalProp is the runtime propagator of a Global in one solver.
type globalProp interface {
	// propagate narrows the domains of the constraint's variables and
	// reports false if the constraint cannot hold (a domain would be
	// emptied or no support is left). Under modeAC it must be monotone.
	propagate(t *store, mode propMode) bool
}

// globalOpts says how the fixpoint loop schedules a global propagator.
type globalOpts struct {
	wake wakeOn  // the changes that wake it (onChange by default)
	idem bool    // reaches its own fixpoint in one run
	slow bool    // runs after the cheap propagators
	ev   *events // where it hears which variables changed, or nil
	// exact: it fails whenever its variables are all fixed to values
	// that break the constraint, so run need not test them again.
	exact bool
}

// Post posts a global constraint and returns its index.
func (m *Model) Post(g Global) int {
	m.cons = append(m.cons, Constraint{Kind: KindGlobal, Global: g})
	return len(m.cons) - 1
}

// simpleArgs returns the model variable of each argument (-1 for a
// constant), or false if one is neither.
func simpleArgs(args []Expr) ([]int32, bool) {
	argX := make([]int32, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case *Const:
			argX[i] = -1
		case *VarExpr:
			argX[i] = int32(a.V)
		default:
			return nil, false
		}
	}
	return argX, true
}

// postGlobal posts g with its own propagator, or its decomposition when
// an argument is not simple.
func (b *builder) postGlobal(g Global) error {
	if g == nil {
		return errors.New("nil global constraint")
	}
	args := g.Args()
	if err := b.checkAll(args...); err != nil {
		return err
	}
	argX, ok := simpleArgs(args)
	if !ok {
		parts, planned := []Expr(nil), false
		if b.plan != nil {
			parts, planned = b.plan.decomp[g] // the parts PropAC flattened
		}
		if !planned {
			e, err := g.Decompose()
			if err != nil {
				return fmt.Errorf("%s: %w", g.Name(), err)
			}
			parts = conjunctsOf(e, nil)
		}
		// Each part of the conjunction on its own, as lang posts a
		// statement's: one expression over every argument would only be
		// checked once all but one of them are fixed.
		for _, part := range parts {
			if err := b.postExpr(part); err != nil {
				return err
			}
		}
		return nil
	}
	var xs []int32
	for _, x := range argX {
		if x >= 0 && b.localOf[x] < 0 {
			b.localOf[x] = int32(len(xs))
			xs = append(xs, x)
		}
	}
	for _, x := range xs {
		b.localOf[x] = -1
	}
	p, opts, err := g.newProp(b, argX, xs)
	if err != nil {
		return fmt.Errorf("%s: %w", g.Name(), err)
	}
	r := &globalRun{g: g, p: p, opts: opts, argX: argX, xs: xs, vals: make([]int64, len(args))}
	for i, x := range argX {
		if x < 0 {
			r.vals[i] = args[i].(*Const).V
		}
	}
	if len(xs) == 0 {
		if !g.Holds(r.vals) {
			b.s.unsat = true
		}
		return nil
	}
	if len(xs) == 1 {
		// post would filter it once, at the root, and never run it
		// again: keep exactly the values for which it holds. Those of a
		// wide domain are too many to try: the propagator narrows it, and
		// stays if that leaves too many.
		t := &b.s.st
		if !t.bitset(xs[0]) {
			if !p.propagate(t, modeFC) {
				b.s.unsat = b.s.unsat || !t.halted
				return nil
			}
			if t.size(xs[0]) > enumLimit {
				b.register(r)
				return nil
			}
		}
		b.s.unsat = b.s.unsat || !r.filterOne(t) && !t.halted
		return nil
	}
	b.post(r)
	return nil
}

// filterOne reduces the domain of a global's single variable to the
// values that satisfy it, and reports false if there is none.
func (r *globalRun) filterOne(t *store) bool {
	x := r.xs[0]
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		for i, y := range r.argX {
			if y == x {
				r.vals[i] = v
			}
		}
		if !r.g.Holds(r.vals) && !t.remove(x, v) {
			return false
		}
	}
	return true
}

// globalRun adapts a global propagator to the solver's two lists: it is
// the forward-checking propagator (propagator.go) and, under PropAC, the
// fixpoint propagator (acProp).
type globalRun struct {
	g    Global
	p    globalProp
	opts globalOpts
	argX []int32
	xs   []int32
	vals []int64 // scratch for holds: constants filled in at post
}

func (r *globalRun) vars() []int32 { return r.xs }

func (r *globalRun) forward(t *store, _ int32) bool { return r.run(t, modeFC) }

// check is PropNone's test: the constraint once every variable is fixed.
func (r *globalRun) check(t *store, _ int32) bool {
	for _, x := range r.xs {
		if !t.fixed(x) {
			return true
		}
	}
	return r.holds(t)
}

func (r *globalRun) filter(t *store) bool { return r.run(t, modeFC) }

// holds tests the constraint on the fixed values of its variables.
func (r *globalRun) holds(t *store) bool {
	for i, x := range r.argX {
		if x >= 0 {
			r.vals[i] = t.minOf(x)
		}
	}
	return r.g.Holds(r.vals)
}

// propagate is the PropAC run.
func (r *globalRun) propagate(s *Solver) bool { return r.run(&s.st, modeAC) }

// run runs the propagator. One that does not test every value it keeps
// may leave all its variables fixed and the constraint false, so the test
// with every variable fixed is made here, once.
func (r *globalRun) run(t *store, mode propMode) bool {
	if !r.p.propagate(t, mode) {
		return false
	}
	if r.opts.exact {
		return true
	}
	for _, x := range r.xs {
		if !t.fixed(x) {
			return true
		}
	}
	return r.holds(t)
}

// addGlobalAC registers the PropAC side of a global propagator.
func (b *builder) addGlobalAC(r *globalRun, cons int32) {
	info := acInfo{idem: r.opts.idem, slow: r.opts.slow, cons: cons}
	b.addAC(r, r.xs, r.opts.wake, info, r.opts.ev)
}

// conjunctsOf appends the parts of a conjunction (and, all) to dst.
func conjunctsOf(e Expr, dst []Expr) []Expr {
	switch c := e.(type) {
	case *Nary:
		if c.Op == OpAll {
			for _, a := range c.Args {
				dst = conjunctsOf(a, dst)
			}
			return dst
		}
	case *Binary:
		if c.Op == OpAnd {
			return conjunctsOf(c.Y, conjunctsOf(c.X, dst))
		}
	}
	return append(dst, e)
}
