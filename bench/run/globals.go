package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// The globals of language v2 side by side with Gecode on the same
// problems written with MiniZinc's globals (bench/mzn), and with csp's
// own decomposition of each global (--decompose), which shows what the
// propagator is worth.

type globalRow struct {
	name  string
	csp   []string // csp solve arguments: the model and its options
	mzn   string   // MiniZinc model in bench/mzn
	dzn   string   // its data: ";"-separated .dzn files and name=value assignments
	all   bool     // count every solution (-a) instead of one / the optimum
	want  int64    // the objective (optimisation), the count (all), or -1
	optim bool
	quick bool // also in smoke mode (-quick)
}

var globalRows = []globalRow{
	{name: "knight's tour 6x6", quick: true, csp: []string{"examples/knights-tour.csp", "-p", "n=6"}, mzn: "knights_tour.mzn", dzn: "n=6", want: -1},
	{name: "knight's tour 8x8", csp: []string{"examples/knights-tour.csp", "-p", "n=8"}, mzn: "knights_tour.mzn", dzn: "n=8", want: -1},
	{name: "TSP burma14", csp: []string{"examples/tsp.csp", "-p", "n=14"}, mzn: "tsp.mzn", dzn: "tsp.dzn;cities=14", optim: true, want: 3323},
	{name: "delivery route", csp: []string{"examples/delivery-route.csp"}, mzn: "delivery_route.mzn", optim: true, want: 211, quick: true},
	{name: "job shop ft06", quick: true, csp: []string{"examples/jobshop-ft06.csp"}, mzn: "jobshop.mzn", dzn: "ft06.dzn", optim: true, want: 55},
	{name: "job shop la01", csp: []string{"examples/jobshop-ft06.csp", "bench/mzn/la01.csp"}, mzn: "jobshop.mzn", dzn: "la01.dzn", optim: true, want: 666},
	{name: "RCPSP (project)", csp: []string{"examples/project.csp"}, mzn: "rcpsp.mzn", dzn: "project.dzn", optim: true, want: 27, quick: true},
	{name: "nonogram Bucks 23x27", quick: true, csp: []string{"examples/nonogram.csp"}, mzn: "nonogram.mzn", dzn: "nonogram.dzn", all: true, want: 1},
	{name: "nonogram P200 25x25", csp: []string{"examples/nonogram.csp", "bench/data/nonogram_p200.csp"}, mzn: "nonogram.mzn", dzn: "nonogram_p200.dzn", all: true, want: 1},
	{name: "prime square", csp: []string{"bench/mzn/prime_square.csp"}, mzn: "prime_square.mzn", all: true, want: 23360},
	{name: "social golfers", csp: []string{"examples/social-golfers.csp"}, mzn: "social_golfers.mzn", want: -1},
	{name: "magic sequence", quick: true, csp: []string{"examples/magic-sequence-gcc.csp"}, mzn: "magic_sequence.mzn", all: true, want: -1},
	{name: "word fill", quick: true, csp: []string{"examples/word-fill.csp"}, mzn: "word_fill.mzn", all: true, want: -1},
}

// globals makes the problems of the v2 globals' section; rows whose model
// is missing are left out with a note.
func (r *runner) globals() []*problem {
	var ps []*problem
	for _, g := range globalRows {
		if r.cfg.Quick && !g.quick {
			continue
		}
		if !fileExists(filepath.Join(r.cfg.Root, g.csp[0])) {
			r.notef("globals: %s: %s is missing, row left out", g.name, g.csp[0])
			continue
		}
		ps = append(ps, r.globalProblem(g))
	}
	return ps
}

func (r *runner) globalProblem(g globalRow) *problem {
	p := &problem{section: "Global constraints (v2)", name: "global " + g.name}
	mode := "--json"
	if g.all {
		mode = "--count"
	}
	extras := r.cspExtras(false)
	if !r.cfg.Quick {
		extras = append(extras, []string{"--decompose"})
	}
	p.variants = r.cspVariants("global/"+g.name, extras, func(extra []string) result {
		args := append(append(append([]string{"solve"}, g.csp...), mode, "-s", "--timeout", secs(r.cfg.Timeout)), extra...)
		o := execute(r.cfg.Root, r.cfg.Timeout+5e9, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			r.checkGlobal(&res, g, cspAnswer(g, o.stdout))
		}
		return res
	})
	if r.tools.minizinc == "" || !fileExists(filepath.Join(r.tools.mznDir, g.mzn)) {
		return p
	}
	p.variants = append(p.variants, &variant{solver: "gecode", name: "globals", family: "global/gecode/" + g.name, run: func() result {
		args := []string{filepath.Join(r.tools.mznDir, g.mzn)}
		for _, d := range strings.Split(g.dzn, ";") {
			switch {
			case strings.HasSuffix(d, ".dzn"):
				args = append(args, filepath.Join(r.tools.mznDir, d))
			case d != "":
				args = append(args, "-D", d+";")
			}
		}
		if g.all {
			args = append(args, "-a")
		}
		res, o := r.minizinc(r.cfg.Timeout, args...)
		if res.ok() {
			got := int64(-1)
			switch {
			case g.all:
				got = mznStat(o.stdout, "solutions")
			case g.optim:
				got = mznStat(o.stdout, "objective")
				if !strings.Contains(string(o.stdout), "==========") {
					res.status = "timeout (not proven)"
				}
			}
			r.checkGlobal(&res, g, got)
		}
		return res
	}})
	return p
}

// cspAnswer reads the count or the objective from csp's output.
func cspAnswer(g globalRow, stdout []byte) int64 {
	if g.all {
		return firstInt(stdout)
	}
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	var st struct {
		Status    string `json:"status"`
		Objective *int64 `json:"objective"`
	}
	if json.Unmarshal([]byte(lines[len(lines)-1]), &st) != nil || st.Objective == nil {
		return -1
	}
	return *st.Objective
}

func (r *runner) checkGlobal(res *result, g globalRow, got int64) {
	switch {
	case g.want >= 0 && got != g.want:
		res.status = "WRONG answer"
		res.wrong = append(res.wrong, fmt.Sprintf("%s: got %d, want %d", g.name, got, g.want))
	case got >= 0:
		res.detail = strings.TrimSpace(res.detail + fmt.Sprintf(" answer %d", got))
	}
}
