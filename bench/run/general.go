package main

import (
	"path/filepath"
	"slices"
)

// General integer models (issue 25): a practitioner's first models
// outside puzzles, each written in csp and in MiniZinc (bench/general),
// csp beside Gecode. Nested arithmetic, logic over comparisons, wide
// domains and objectives bounded by the constraints together.

// generalRows lists them; want is the objective, the count, or -1 for a
// satisfaction model (csp checks its own solution).
var generalRows = []globalRow{
	{name: "min(a) = 3 over -1000..1000", csp: []string{"bench/general/min3.csp"}, mzn: "min3.mzn", want: -1, quick: true},
	{name: "sum and chain, maximize x[1]", csp: []string{"bench/general/chain.csp"}, mzn: "chain.mzn", optim: true, want: 31384},
	{name: "x + y = S, x - y = 2 over 0..10^7", csp: []string{"bench/general/equations.csp"}, mzn: "equations.mzn", want: -1, quick: true},
	{name: "three budgets, maximize the least", csp: []string{"bench/general/budgets.csp"}, mzn: "budgets.mzn", optim: true, want: 2459877},
	{name: "knapsack, weights in the thousands", csp: []string{"bench/general/knapsack.csp"}, mzn: "knapsack.mzn", optim: true, want: 10934},
	{name: "bin packing, 16 items", csp: []string{"bench/general/binpacking.csp"}, mzn: "binpacking.mzn", optim: true, want: 6, quick: true},
	{name: "production planning", csp: []string{"bench/general/production.csp"}, mzn: "production.mzn", optim: true, want: 24740},
	{name: "golomb ruler, 10 marks", csp: []string{"bench/general/golomb10.csp"}, mzn: "golomb10.mzn", optim: true, want: 55},
	{name: "open shop 4x4, horizon 3000", csp: []string{"bench/general/openshop.csp"}, mzn: "openshop.mzn", optim: true, want: 990},
	{name: "pythagorean triples, z <= 300", csp: []string{"bench/general/pythagorean.csp"}, mzn: "pythagorean.mzn", all: true, want: 209},
	{name: "chinese remainders over 0..10^7", csp: []string{"bench/general/crt.csp"}, mzn: "crt.mzn", optim: true, want: 2348, quick: true},
	{name: "least absolute deviations", csp: []string{"bench/general/l1fit.csp"}, mzn: "l1fit.mzn", optim: true, want: 239},
	{name: "ABC * DE = FGHI", csp: []string{"bench/general/cryptarithm.csp"}, mzn: "cryptarithm.mzn", all: true, want: 7},
	{name: "assignment by cost lookups", csp: []string{"bench/general/assignment.csp"}, mzn: "assignment.mzn", optim: true, want: 177},
	{name: "non-linear equations over -2000..2000", csp: []string{"bench/general/equations3.csp"}, mzn: "equations3.mzn", want: -1},
	{name: "digits by / and %", csp: []string{"bench/general/digits.csp"}, mzn: "digits.mzn", optim: true, want: 961173},
	{name: "step prices (if-then-else)", csp: []string{"bench/general/stepcost.csp"}, mzn: "stepcost.mzn", optim: true, want: 8800},
	{name: "roster, def worked(p) used twice", csp: []string{"bench/general/roster.csp"}, mzn: "roster.mzn", optim: true, want: 5},
}

// general makes the problems of the general models' section.
func (r *runner) general() []*problem {
	var ps []*problem
	extras := slices.DeleteFunc(r.cspExtras(false), func(x []string) bool { return slices.Equal(x, courseFlags) })
	for _, g := range generalRows {
		if r.cfg.Quick && !g.quick {
			continue
		}
		if !fileExists(filepath.Join(r.cfg.Root, g.csp[0])) {
			r.notef("general: %s: %s is missing, row left out", g.name, g.csp[0])
			continue
		}
		g.mzn = filepath.Join("..", "general", g.mzn)
		ps = append(ps, r.sideBySide("General integer models", "general "+g.name, "general/", g, extras))
	}
	return ps
}
