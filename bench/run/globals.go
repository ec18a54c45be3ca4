package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
	{name: "nonogram P200 25x25", csp: []string{"bench/data/nonogram_p200.csp"}, mzn: "nonogram.mzn", dzn: "nonogram_p200.dzn", all: true, want: 1},
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
	extras := r.cspExtras(false)
	if r.cfg.Quick {
		// The smoke run checks answers, not the course's settings, under
		// which forward checking does not prove a schedule in a minute.
		extras = slices.DeleteFunc(extras, func(x []string) bool { return slices.Equal(x, courseFlags) })
	} else {
		extras = append(extras, []string{"--decompose"})
	}
	return r.sideBySide("Global constraints (v2)", "global "+g.name, "global/", g, extras)
}

// sideBySide is a row of csp (with extras) and the same problem as a
// MiniZinc model under Gecode, each answer checked.
func (r *runner) sideBySide(section, name, family string, g globalRow, extras [][]string) *problem {
	p := &problem{section: section, name: name}
	mode := "--json"
	if g.all {
		mode = "--count"
	}
	p.variants = r.cspVariants(family+g.name, extras, func(extra []string) result {
		args := append(append(append([]string{"solve"}, g.csp...), mode, "-s", "--timeout", secs(r.cfg.Timeout)), extra...)
		o := execute(r.cfg.Root, r.cfg.Timeout+5e9, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			got, proven := cspAnswer(g, o.stdout)
			if !proven {
				res.status = "timeout"
				return res
			}
			r.checkGlobal(&res, g, got)
		}
		return res
	})
	if r.tools.minizinc == "" || !fileExists(filepath.Join(r.tools.mznDir, g.mzn)) {
		return p
	}
	p.variants = append(p.variants, &variant{solver: "gecode", name: "globals", family: family + "gecode/" + g.name, run: func() result {
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
				got = mznObjective(o.stdout)
				if !strings.Contains(string(o.stdout), "==========") {
					res.status = "timeout"
					return res
				}
			}
			r.checkGlobal(&res, g, got)
		}
		return res
	}})
	return p
}

// reMznObjective is the objective line the bench/mzn models print.
var reMznObjective = regexp.MustCompile(`(?m)^(?:makespan|length|objective|total) = (-?\d+)$`)

// mznObjective reads the last objective MiniZinc printed, or -1.
func mznObjective(stdout []byte) int64 {
	m := reMznObjective.FindAllSubmatch(stdout, -1)
	if m == nil {
		return -1
	}
	v, _ := strconv.ParseInt(string(m[len(m)-1][1]), 10, 64)
	return v
}

// cspAnswer reads the count or the objective from csp's output, and
// whether the search was complete (an optimum proven).
func cspAnswer(g globalRow, stdout []byte) (int64, bool) {
	if g.all {
		return firstInt(stdout), true
	}
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	var st struct {
		Status    string `json:"status"`
		Objective *int64 `json:"objective"`
	}
	if json.Unmarshal([]byte(lines[len(lines)-1]), &st) != nil || st.Objective == nil {
		return -1, !g.optim && st.Status == "solution"
	}
	return *st.Objective, st.Status == "optimal"
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
