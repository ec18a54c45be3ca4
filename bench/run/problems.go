package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// queensCounts are the known numbers of n-queens solutions (OEIS A000170).
var queensCounts = map[int]int64{1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352,
	10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}

var gecodeModels = []struct{ name, what string }{
	{"pairwise", "alldifferent decomposed into pairwise != (MiniZinc's default here)"},
	{"gecode", "Gecode's all_different_int (value consistency)"},
	{"domain", "Gecode's all_different_int :: domain (Regin)"},
}

// problems lists every row of the benchmark, in the order they run.
func (r *runner) problems() ([]*problem, error) {
	var ps []*problem
	counts := []int{8, 9, 10, 11, 12, 13, 14, 15}
	firsts := []int{100, 1000, 5000, 10000, 20000, 100000}
	if r.cfg.Quick {
		counts, firsts = []int{8}, []int{100}
	}
	for _, n := range counts {
		ps = append(ps, r.queensCount(n))
	}
	for _, n := range firsts {
		ps = append(ps, r.queensFirst(n))
	}
	sets, err := r.sets()
	if err != nil {
		return nil, err
	}
	for _, s := range sets {
		ps = append(ps, r.sudokuSet(s))
	}
	ps = append(ps, r.globals()...)
	ps = append(ps, r.searchRows()...)
	ps = append(ps, r.general()...)
	ps = append(ps, r.splitRows()...)
	ps = append(ps, r.startupRows()...)
	models, err := r.models()
	if err != nil {
		return nil, err
	}
	compiles, err := r.compiles()
	if err != nil {
		return nil, err
	}
	return append(append(ps, models...), compiles...), nil
}

// cspVariants are the csp configurations measured on a problem: the
// defaults first, then the extra flag sets (see cspExtras).
func (r *runner) cspVariants(family string, extras [][]string, run func(extra []string) result) []*variant {
	vs := []*variant{{solver: "csp", name: "default", family: family + "/csp", run: func() result { return run(nil) }}}
	for _, x := range extras {
		name := strings.Join(x, " ")
		vs = append(vs, &variant{solver: "csp", name: name, family: family + "/csp " + name,
			run: func() result { return run(x) }})
	}
	return vs
}

// courseFlags are the course's search settings with first-fail (the search
// of the MiniZinc models and of the baselines): smallest domain first,
// smallest value first, forward checking.
var courseFlags = []string{"--order", "mrv", "--values", "min", "--prop", "fc"}

// isCourse tells whether a csp variant is the course's settings of the auto
// variants.
func isCourse(v *variant) bool {
	return v.solver == "csp" && v.name == strings.Join(courseFlags, " ")
}

// cspExtras are the flag sets measured besides the defaults (--order
// domwdeg --values mid --prop ac, one worker per CPU): those of
// -csp-variants, or by default --workers 1 when csp has it (not for a first
// solution, where workers do not apply) and the course's settings
// (courseFlags) when csp has --prop ac, that is the new defaults.
func (r *runner) cspExtras(first bool) [][]string {
	if r.cfg.CSPVariants != "auto" {
		var out [][]string
		for _, v := range strings.Split(r.cfg.CSPVariants, ";") {
			if f := strings.Fields(v); len(f) > 0 {
				out = append(out, f)
			}
		}
		return out
	}
	var out [][]string
	if r.tools.cspWorkers && !first {
		out = append(out, []string{"--workers", "1"})
	}
	if r.tools.cspAC {
		out = append(out, courseFlags)
	}
	return out
}

// ---- queens ----

func (r *runner) queensCount(n int) *problem {
	p := &problem{section: "Queens: count all solutions", name: fmt.Sprintf("queens count n=%d", n), size: n}
	want := queensCounts[n]
	p.variants = r.cspVariants("qc", r.cspExtras(false), func(extra []string) result {
		args := append([]string{"solve", "models/queens.csp", "-p", fmt.Sprintf("n=%d", n), "--count", "-s"}, extra...)
		o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			checkCount(&res, firstInt(o.stdout), want)
		}
		return res
	})
	if r.tools.minizinc != "" {
		for _, m := range gecodeModels {
			model := filepath.Join(r.tools.mznDir, "queens_"+m.name+".mzn")
			p.variants = append(p.variants, &variant{solver: "gecode", name: m.name, family: "qc/gecode/" + m.name, run: func() result {
				res, o := r.minizinc(r.cfg.Timeout, "-a", "-D", fmt.Sprintf("n=%d", n), "-D", "quiet=true", model)
				if res.ok() {
					if !strings.Contains(string(o.stdout), "==========") {
						res.status = "timeout"
					} else {
						checkCount(&res, mznStat(o.stdout, "solutions"), want)
					}
				}
				return res
			}})
		}
	}
	if r.tools.queens != "" {
		p.variants = append(p.variants, &variant{solver: "baseline", name: "bitmask", family: "qc/base", run: func() result {
			o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.queens, strconv.Itoa(n))
			res := baseResult(o)
			if res.ok() {
				checkCount(&res, firstInt(o.stdout), want)
			}
			return res
		}})
	}
	return p
}

func checkCount(res *result, got, want int64) {
	res.detail = fmt.Sprintf("solutions: %d", got)
	if got != want {
		res.status = "WRONG count"
		res.wrong = append(res.wrong, fmt.Sprintf("counted %d solutions, want %d", got, want))
	}
}

func (r *runner) queensFirst(n int) *problem {
	p := &problem{section: "Queens: first solution", name: fmt.Sprintf("queens first n=%d", n), size: n,
		note: "csp prints the solution with --json (the board would be n*n characters)"}
	check := func(res *result, out []byte) {
		if msg := checkQueens(n, out); msg != "" {
			res.status = "WRONG solution"
			res.wrong = append(res.wrong, msg)
		}
	}
	limit := secs(r.cfg.Timeout)
	p.variants = r.cspVariants("qf", r.cspExtras(true), func(extra []string) result {
		args := append([]string{"solve", "models/queens.csp", "-p", fmt.Sprintf("n=%d", n), "--json", "-s", "--timeout", limit}, extra...)
		o := execute(r.cfg.Root, r.cfg.Timeout+5*time.Second, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			check(&res, firstLine(o.stdout))
		}
		return res
	})
	if r.tools.minizinc != "" {
		for _, m := range gecodeModels {
			model := filepath.Join(r.tools.mznDir, "queens_"+m.name+".mzn")
			p.variants = append(p.variants, &variant{solver: "gecode", name: m.name, family: "qf/gecode/" + m.name, run: func() result {
				res, o := r.minizinc(r.cfg.Timeout, "-D", fmt.Sprintf("n=%d", n), model)
				if res.ok() {
					if !strings.Contains(string(o.stdout), "----------") {
						res.status = "timeout"
					} else {
						check(&res, []byte(mznOutput(o.stdout)))
					}
				}
				return res
			}})
		}
	}
	if r.tools.queens != "" {
		for _, b := range []struct{ name, flag string }{{"first-fail", "-first"}, {"min-conflicts", "-mc"}} {
			p.variants = append(p.variants, &variant{solver: "baseline", name: b.name, family: "qf/base/" + b.name, run: func() result {
				o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.queens, b.flag, strconv.Itoa(n))
				res := baseResult(o)
				if res.ok() {
					check(&res, firstLine(o.stdout))
				}
				return res
			}})
		}
	}
	return p
}

// checkQueens checks that out lists n rows, one per column, no two queens
// attacking each other.
func checkQueens(n int, out []byte) string {
	if q := regexp.MustCompile(`"q":\[[^\]]*\]`).Find(out); q != nil {
		out = q // csp's --json solution line: other numbers (time_ms) stand beside
	}
	nums := regexp.MustCompile(`-?\d+`).FindAll(out, -1)
	if len(nums) != n {
		return fmt.Sprintf("expected %d rows, got %d numbers: %.80q", n, len(nums), out)
	}
	rows, up, down := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for c, b := range nums {
		q, _ := strconv.Atoi(string(b))
		if q < 1 || q > n || rows[q] || up[q+c] || down[q-c] {
			return fmt.Sprintf("queen in column %d (row %d) is attacked or off the board", c+1, q)
		}
		rows[q], up[q+c], down[q-c] = true, true, true
	}
	return ""
}

// ---- models ----

func (r *runner) models() ([]*problem, error) {
	var ps []*problem
	add := func(name string, want int64, args ...string) {
		p := &problem{section: "Models and examples (csp only)", name: name}
		extras := r.cspExtras(false)
		if noCourse[name] {
			extras = slices.DeleteFunc(slices.Clone(extras), func(x []string) bool { return slices.Equal(x, courseFlags) })
		}
		p.variants = r.cspVariants("model/"+name, extras, func(extra []string) result {
			all := append(append(append([]string(nil), args...), "-s"), extra...)
			o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.csp, all...)
			if want == 0 && o.exit == 1 && o.err == nil && !o.timedOut {
				o.exit = 0 // exit status 1 is csp's "no solution", the answer wanted
			}
			res := cspResult(o)
			if res.ok() {
				got := statInt(o.stderr, "solutions")
				res.detail = fmt.Sprintf("solutions: %d", got)
				if want >= 0 && got != want {
					res.status = "WRONG count"
					res.wrong = append(res.wrong, fmt.Sprintf("%d solutions, want %d", got, want))
				}
			}
			return res
		})
		ps = append(ps, p)
	}
	piles := map[string]int64{"pile1": 16, "pile2": 9, "pile3": 20, "pile4": 16}
	for _, k := range []string{"pile1", "pile2", "pile3", "pile4"} {
		add("model "+k+" --all", piles[k], "solve", "models/"+k+".csp", "--all")
	}
	modelFiles, _ := filepath.Glob(filepath.Join(r.cfg.Root, "models", "*.csp"))
	dataFiles, _ := filepath.Glob(filepath.Join(r.cfg.Root, "models", "data", "*.csp"))
	exampleFiles, _ := filepath.Glob(filepath.Join(r.cfg.Root, "examples", "*.csp"))
	sort.Strings(modelFiles)
	sort.Strings(dataFiles)
	sort.Strings(exampleFiles)
	for _, f := range modelFiles {
		base := strings.TrimSuffix(filepath.Base(f), ".csp")
		if base == "sudoku-nxn" {
			continue // needs data: below
		}
		add("model "+base, -1, "solve", "models/"+base+".csp")
	}
	for _, f := range dataFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		base := strings.TrimSuffix(filepath.Base(f), ".csp")
		model := "sudoku"
		if regexp.MustCompile(`(?m)^\s*N\s*=`).Match(b) {
			model = "sudoku-nxn"
		}
		add("model "+model+" "+base, -1, "solve", "models/"+model+".csp", "models/data/"+base+".csp")
	}
	for _, f := range exampleFiles {
		base := strings.TrimSuffix(filepath.Base(f), ".csp")
		want := int64(-1)
		if noSolution[base] {
			want = 0
		}
		add("example "+base, want, "solve", "examples/"+base+".csp")
	}
	return ps, nil
}

// noCourse lists the examples not run with the course's settings: the
// schedules' optimum is proven by bounds propagation cascading through
// precedences (--prop ac), and the rotating workforce needs restarts
// (which the course's settings leave out); forward checking finds neither
// within minutes.
var noCourse = map[string]bool{"example jobshop-ft06": true, "example project": true, "example rotating-workforce": true}

// noSolution lists the examples that have none on purpose (they show
// --explain at work).
var noSolution = map[string]bool{"grid": true}

// ---- parsing solver output ----

var (
	reNodes    = regexp.MustCompile(`(?m)^nodes\s+(\d+)`)
	reInt      = regexp.MustCompile(`-?\d+`)
	reMznStat  = regexp.MustCompile(`%%%mzn-stat: (\w+)=(\S+)`)
	reSetup    = regexp.MustCompile(`(?m)^setup time\s+([\d.]+) ms`)
	reSearch   = regexp.MustCompile(`(?m)^search time\s+([\d.]+) ms`)
	reStatLine = map[string]*regexp.Regexp{}
)

func statInt(stderr []byte, name string) int64 {
	re, ok := reStatLine[name]
	if !ok {
		re = regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `\s+(\d+)`)
		reStatLine[name] = re
	}
	m := re.FindSubmatch(stderr)
	if m == nil {
		return -1
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return v
}

func firstInt(b []byte) int64 {
	m := reInt.Find(b)
	if m == nil {
		return -1
	}
	v, _ := strconv.ParseInt(string(m), 10, 64)
	return v
}

// secs writes d for csp's --timeout: whole seconds, with a unit.
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// mznOutput is the first line of MiniZinc's output that is not a comment.
func mznOutput(b []byte) string {
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "%") {
			return l
		}
	}
	return ""
}

func firstLine(b []byte) []byte {
	if i := strings.IndexByte(string(b), '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

// sumNodes adds every "nodes N" statistics line.
func sumNodes(stderr []byte) int64 {
	ms := reNodes.FindAllSubmatch(stderr, -1)
	if ms == nil {
		return -1
	}
	var n int64
	for _, m := range ms {
		v, _ := strconv.ParseInt(string(m[1]), 10, 64)
		n += v
	}
	return n
}

// cspResult reads a csp run: its status, nodes and own timings.
func cspResult(o outcome) result {
	res := result{wall: o.wall, cpu: o.cpu, rssKB: o.rssKB, nodes: sumNodes(o.stderr)}
	switch {
	case o.err != nil:
		res.status = "error: " + o.err.Error()
	case o.timedOut:
		res.status = "timeout"
	case o.exit == 3:
		res.status = "timeout"
		if strings.Contains(strings.ToLower(firstMessage(o.stderr)), "memory") {
			res.status = "out of memory" // --max-memory stopped it
		}
	case o.exit == 0:
	default:
		if o.outOfMemory() {
			res.status = "out of memory"
		} else {
			res.status = fmt.Sprintf("error (exit %d): %s", o.exit, firstMessage(o.stderr))
		}
	}
	if m := reSearch.FindSubmatch(o.stderr); m != nil {
		// csp's own solving time, as Gecode's solveTime is Gecode's: for
		// a set, summed over its puzzles (over the workers' threads).
		search, _ := strconv.ParseFloat(string(m[1]), 64)
		res.solve, res.hasSolve = time.Duration(search*float64(time.Millisecond)), true
		if m := reSetup.FindSubmatch(o.stderr); m != nil {
			setup, _ := strconv.ParseFloat(string(m[1]), 64)
			res.detail = fmt.Sprintf("set-up %.2f ms + search %.2f ms", setup, search)
		}
	}
	return res
}

func baseResult(o outcome) result {
	res := result{wall: o.wall, cpu: o.cpu, rssKB: o.rssKB, nodes: sumNodes(o.stderr)}
	switch {
	case o.err != nil:
		res.status = "error: " + o.err.Error()
	case o.timedOut:
		res.status = "timeout"
	case o.exit != 0:
		res.status = fmt.Sprintf("error (exit %d): %s", o.exit, firstMessage(o.stderr))
	}
	return res
}

// minizinc runs MiniZinc with Gecode and reads its statistics.
func (r *runner) minizinc(timeout time.Duration, args ...string) (result, outcome) {
	ms := strconv.FormatInt(timeout.Milliseconds(), 10)
	all := append([]string{"--solver", "gecode", "-s", "--time-limit", ms}, args...)
	o := execute(r.tools.mznDir, timeout+10*time.Second, r.tools.minizinc, all...)
	res := result{wall: o.wall, cpu: o.cpu, rssKB: o.rssKB, nodes: -1}
	if v := mznStatF(o.stdout, "solveTime"); v >= 0 {
		res.solve, res.hasSolve = time.Duration(v*float64(time.Second)), true
	}
	if v := mznStat(o.stdout, "nodes"); v >= 0 {
		res.nodes = v
	}
	switch {
	case o.err != nil:
		res.status = "error: " + o.err.Error()
	case o.timedOut || strings.Contains(string(o.stdout), "=====UNKNOWN====="):
		res.status = "timeout"
	case o.exit != 0:
		if o.outOfMemory() || o.exit == -1 {
			res.status = "out of memory"
		} else {
			res.status = fmt.Sprintf("error (exit %d): %s", o.exit, firstMessage(o.stderr))
		}
	}
	return res, o
}

func mznStat(out []byte, name string) int64 {
	v := mznStatF(out, name)
	if v < 0 {
		return -1
	}
	return int64(v)
}

// mznStatF returns the last value of a MiniZinc statistic, or -1.
func mznStatF(out []byte, name string) float64 {
	v := -1.0
	for _, m := range reMznStat.FindAllSubmatch(out, -1) {
		if string(m[1]) == name {
			if f, err := strconv.ParseFloat(string(m[2]), 64); err == nil {
				v = f
			}
		}
	}
	return v
}

// firstMessage is the first line of stderr that is not a MiniZinc warning.
func firstMessage(stderr []byte) string {
	for _, l := range strings.Split(string(stderr), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "Warning") {
			continue
		}
		if len(l) > 120 {
			l = l[:120] + "..."
		}
		return l
	}
	return ""
}
