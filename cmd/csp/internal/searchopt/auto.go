package searchopt

import "github.com/csp-lang/csp/engine"

// Restarts names the restart policies (--restarts).
var Restarts = map[string]engine.RestartPolicy{"none": engine.RestartNone, "luby": engine.RestartLuby, "geometric": engine.RestartGeometric}

// Goal says what a search is asked for.
type Goal struct {
	First   bool // it stops at the first solution
	Workers int  // the goroutines it may use
	// Chosen: the user chose the order, the values or the propagation
	// (--order, --values, --prop): the search is theirs, csp adds
	// nothing.
	Chosen bool
}

// Auto returns opts with what the user left to csp decided for a search
// of m, when the user chose none of the order, the values and the
// propagation (a choice, the course's settings or the defaults spelt
// out, is a search of their own, left as it is):
//
//   - the first solution of a satisfaction model restarts on the Luby
//     sequence, where a search without restarts can be stuck for minutes
//     in a subtree without solutions (the rotating workforce example);
//     never a count or a list of solutions, whose trees stay the same;
//   - a schedule (nooverlap, cumulative) without search phases of its
//     own branches on its start times, the earliest first (set times);
//     optimised, it restarts and branches again on the last conflict,
//     which proves the job shop la01 in a few hundred nodes where the
//     search in order does not in minutes (bench/RESULTS.md);
//   - an optimisation on two workers or more runs a large neighbourhood
//     search on one of them beside the complete search, once the search
//     has run past SolveParallel's probe (a short search is left alone).
//
// The caller then sets what the user asked for explicitly.
func Auto(opts engine.Options, m *engine.Model, g Goal) engine.Options {
	d := engine.Default()
	if g.Chosen || opts.Order != d.Order || opts.Values != d.Values || opts.Prop != d.Prop {
		return opts
	}
	sense, _ := m.Objective()
	if g.First && sense == engine.Satisfy {
		opts.Restarts = engine.RestartLuby
	}
	if sense != engine.Satisfy && g.Workers > 1 {
		opts.LNS = true
	}
	if p, ok := engine.SchedulingPhase(m); ok && (len(m.Phases()) == 0 || opts.FreeSearch) {
		// Set times' postponement and its latest-start ties pay for the
		// complete search alone (la01 proven in 474 nodes instead of
		// 470-1,217 by seed), but beside LNS they cost: in 10 s on 2
		// workers the seven job shops of bench/RESULTS.md ended 2-21%
		// worse with them (swv01 1825 against 1521, la38 1375 against
		// 1235).
		p.SetTimes = !opts.LNS
		opts.DefaultPhases = []engine.SearchPhase{p}
		if sense != engine.Satisfy {
			opts.Restarts = engine.RestartLuby
			opts.LastConflict = true
		}
	}
	return opts
}
