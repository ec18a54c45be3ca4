package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Config says what to run and where.
type Config struct {
	Root          string // the checkout (found from the working directory when empty)
	Data          string // the puzzle sets
	CSP           string // csp binary (built when empty)
	CGO           bool   // build csp with cgo where the toolchain would (default: CGO_ENABLED=0)
	Reps, BigReps int
	Quick, Full   bool
	Only, Skip    *regexp.Regexp
	Timeout       time.Duration
	PuzzleTimeout time.Duration
	LongRun       time.Duration // a variant whose run takes longer is not repeated
	MemLimitMB    int
	NoGecode      bool
	NoBaseline    bool
	CSPVariants   string // extra csp flag sets, ";"-separated, or "auto"
	Command       string
	Out, Log      io.Writer
}

// Report is what a run found.
type Report struct {
	Problems   []*problem
	Mismatches []string
	Notes      []string
}

// A result is one run of one variant on one problem.
type result struct {
	wall     time.Duration // end to end (for sets: summed over the processes)
	cpu      time.Duration // user + system
	solve    time.Duration // the solver's own solving time when it reports one (Gecode's solveTime)
	hasSolve bool
	nodes    int64 // -1 unknown
	rssKB    int64
	status   string // "" ok; otherwise timeout, out of memory, WRONG ..., error ...
	timeouts int    // puzzles of a set that hit the time limit
	solved   int    // puzzles of a set solved and checked
	wrong    []string
	detail   string // shown in the details table
}

func (r result) ok() bool { return r.status == "" }

// A variant is one way to solve a problem: csp with some flags, a MiniZinc
// model, a baseline.
type variant struct {
	solver string // csp, gecode, baseline
	name   string // default, pairwise, unit rule, ...
	family string // variants that time out at one size are skipped at larger sizes of the same family
	reps   int    // 0: the configured number
	skip   string // why it is not run, when it is not
	run    func() result

	results []result
}

// A problem is one row of the tables.
type problem struct {
	section  string
	name     string
	size     int // orders the sizes within a family
	puzzles  int // > 0 for puzzle sets
	note     string
	variants []*variant
}

type runner struct {
	cfg    Config
	tools  *tools
	report *Report
	failed map[string]int // family -> smallest size that timed out
	tmp    string
	load   string
}

// Run builds what it needs, runs every selected problem and prints the tables.
func Run(cfg Config) (*Report, error) {
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Root == "" {
		root, err := findRoot()
		if err != nil {
			return nil, err
		}
		cfg.Root = root
	}
	if cfg.Data == "" {
		cfg.Data = filepath.Join(filepath.Dir(cfg.Root), "shared", "data", "sudoku")
	}
	if cfg.Reps < 1 {
		cfg.Reps = 1
	}
	if cfg.BigReps < 1 {
		cfg.BigReps = 1
	}
	tmp, err := os.MkdirTemp("", "csp-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	r := &runner{cfg: cfg, report: &Report{}, failed: map[string]int{}, tmp: tmp}
	if r.tools, err = setupTools(&cfg, tmp, r.notef); err != nil {
		return nil, err
	}
	if err := setupMeasure(cfg.Root, tmp); err != nil {
		r.notef("bench/measure not built (%v): peak memory includes the runner's own (about 20 MB)", err)
	}
	defer func() { measureBin = "" }()
	if err := limitMemory(cfg.MemLimitMB); err != nil {
		r.notef("could not limit memory: %v", err)
	}
	r.load = loadAvg()
	probs, err := r.problems()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	for _, p := range probs {
		if cfg.Only != nil && !cfg.Only.MatchString(p.name) || cfg.Skip != nil && cfg.Skip.MatchString(p.name) {
			continue
		}
		r.runProblem(p)
		r.report.Problems = append(r.report.Problems, p)
	}
	r.load += " at the start, " + loadAvg() + " at the end"
	r.printReport(time.Since(start))
	return r.report, nil
}

func (r *runner) notef(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	r.report.Notes = append(r.report.Notes, s)
	fmt.Fprintln(r.cfg.Log, "note:", s)
}

func (r *runner) logf(format string, args ...any) {
	fmt.Fprintf(r.cfg.Log, format+"\n", args...)
}

// runProblem runs the variants of p in turn, rep after rep, so that csp and
// Gecode alternate. A variant that fails (timeout, out of memory, wrong
// answer) is not run again.
func (r *runner) runProblem(p *problem) {
	maxReps := 0
	for _, v := range p.variants {
		if v.reps == 0 {
			v.reps = r.cfg.Reps
		}
		if v.skip == "" && v.family != "" {
			if s, ok := r.failed[v.family]; ok && s < p.size {
				v.skip = fmt.Sprintf("not run: timed out at a smaller size (%d)", s)
			}
		}
		maxReps = max(maxReps, v.reps)
	}
	for rep := 0; rep < maxReps; rep++ {
		for _, v := range p.variants {
			if v.skip != "" || rep >= v.reps {
				continue
			}
			if n := len(v.results); n > 0 && !v.results[n-1].ok() {
				continue
			}
			res := v.run()
			v.results = append(v.results, res)
			if r.cfg.LongRun > 0 && res.wall > r.cfg.LongRun {
				v.reps = len(v.results)
			}
			r.logf("%-28s %-8s %-14s %s", p.name, v.solver, v.name, describe(res))
			for _, w := range res.wrong {
				msg := fmt.Sprintf("MISMATCH %s, %s %s: %s", p.name, v.solver, v.name, w)
				r.report.Mismatches = append(r.report.Mismatches, msg)
				r.logf("!!! %s", msg)
			}
			if !res.ok() && (res.timeouts > 0 || strings.HasPrefix(res.status, "timeout") || strings.HasPrefix(res.status, "out of memory")) && v.family != "" {
				if s, ok := r.failed[v.family]; !ok || p.size < s {
					r.failed[v.family] = p.size
				}
			}
		}
	}
}

func describe(res result) string {
	s := fmtDur(res.wall)
	if res.hasSolve {
		s += " (solve " + fmtDur(res.solve) + ")"
	}
	if res.nodes >= 0 {
		s += fmt.Sprintf(" nodes %d", res.nodes)
	}
	s += fmt.Sprintf(" rss %.1f MB", float64(res.rssKB)/1024)
	if !res.ok() {
		s += " [" + res.status + "]"
	}
	return s
}

// summary is the median of a variant's runs.
type summary struct {
	ran                bool
	ok                 bool
	status             string
	wall, solve, cpu   time.Duration
	minWall, maxWall   time.Duration
	hasSolve           bool
	nodes              int64
	rssKB              int64
	runs               int
	timeouts, solved   int
	detail             string
	solverName, vaName string
}

func summarize(v *variant) summary {
	s := summary{solverName: v.solver, vaName: v.name, nodes: -1}
	if v.skip != "" {
		s.status = v.skip
		return s
	}
	if len(v.results) == 0 {
		s.status = "not run"
		return s
	}
	s.ran = true
	last := v.results[len(v.results)-1]
	s.ok = last.ok()
	s.status = last.status
	s.timeouts, s.solved, s.detail = last.timeouts, last.solved, last.detail
	var walls, solves, cpus []time.Duration
	var nodes []int64
	for _, res := range v.results {
		if !res.ok() && s.ok {
			continue
		}
		walls = append(walls, res.wall)
		cpus = append(cpus, res.cpu)
		if res.hasSolve {
			solves = append(solves, res.solve)
			s.hasSolve = true
		}
		if res.nodes >= 0 {
			nodes = append(nodes, res.nodes)
		}
		s.rssKB = max(s.rssKB, res.rssKB)
	}
	s.runs = len(walls)
	s.wall, s.minWall, s.maxWall = median(walls)
	s.solve, _, _ = median(solves)
	s.cpu, _, _ = median(cpus)
	if len(nodes) > 0 {
		sort.Slice(nodes, func(i, j int) bool { return nodes[i] < nodes[j] })
		s.nodes = nodes[len(nodes)/2]
	}
	return s
}

func median(d []time.Duration) (med, lo, hi time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	n := len(s)
	if n%2 == 1 {
		med = s[n/2]
	} else {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return med, s[0], s[n-1]
}

// loadAvg is the 1-minute load average: other work on the machine shows here.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/csp-lang/csp") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the csp checkout (no go.mod of github.com/csp-lang/csp above %s)", dir)
		}
		dir = parent
	}
}
