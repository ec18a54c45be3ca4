package searchopt

import "github.com/csp-lang/csp/engine"

// Restarts names the restart policies (--restarts).
var Restarts = map[string]engine.RestartPolicy{"none": engine.RestartNone, "luby": engine.RestartLuby, "geometric": engine.RestartGeometric}

// Goal says what a search is asked for.
type Goal struct {
	First bool // it stops at the first solution
}

// Auto returns opts with what the user left to csp decided for a search
// of m: restarts on the Luby sequence for the first solution of a
// satisfaction model under the default order, values and propagation,
// where a search without them can be stuck for minutes in a subtree
// without solutions (bench/RESULTS.md, rotating workforce); never for a
// count or a list of solutions, whose trees must stay the same, nor for
// the course's settings, whose steps a trace follows. The caller then
// sets what the user asked for explicitly.
func Auto(opts engine.Options, m *engine.Model, g Goal) engine.Options {
	d := engine.Default()
	defaults := opts.Order == d.Order && opts.Values == d.Values && opts.Prop == d.Prop
	sense, _ := m.Objective()
	if defaults && g.First && sense == engine.Satisfy {
		opts.Restarts = engine.RestartLuby
	}
	return opts
}
