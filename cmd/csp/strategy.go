package main

import (
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
)

// engineOptions are the engine's settings for a search of m as o asks:
// the flags given, and for the others what searchopt.Auto decides for
// the goal.
func (o *options) engineOptions(m *engine.Model, g searchopt.Goal) engine.Options {
	opts := engine.Options{Order: o.order, Values: o.values, Prop: o.prop, RestartScale: o.restartScale, RestartBase: o.restartBase, Seed: o.seed, FreeSearch: o.freeSearch}
	g.Chosen = o.chosen
	opts = searchopt.Auto(opts, m, g)
	if o.restartsSet {
		opts.Restarts = o.restarts
	}
	if o.lastConflictSet {
		opts.LastConflict = o.lastConflict
	}
	if o.guidedSet {
		opts.SolutionGuided = o.guided
	}
	if o.lnsSet {
		opts.LNS = o.lns
	}
	return opts
}
