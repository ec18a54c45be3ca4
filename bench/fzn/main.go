// Command fzn runs a selection of MiniZinc benchmark instances through
// minizinc --solver csp and minizinc --solver gecode, alternating, and
// prints a Markdown report: per instance each solver's answer, time and
// nodes, whether csp's answer is right and within the limit, and the
// solved counts.
//
//	go run ./bench/fzn [-dir ../shared/mznbench] [-sel public.json] [-reps 3] > report.md
//
// bench/fzn/wider.json is a wider selection (made by select.py, beside
// this file) from a checkout of github.com/MiniZinc/minizinc-benchmarks:
//
//	mkdir -p DIR && ln -s CHECKOUT DIR/files
//	go run ./bench/fzn -dir DIR -sel bench/fzn/wider.json -reps 1 > report.md
//
// bench/fzn/third.json takes in families whose models include globals.mzn,
// which Debian's Gecode library cannot flatten: gecodefix.sh writes a
// configuration that can, and one that checks solutions with the standard
// decompositions (THIRD.md):
//
//	sh bench/fzn/gecodefix.sh G
//	go run ./bench/fzn -dir DIR -sel bench/fzn/third.json -reps 1 -gecode gecodefix -check gecodestd -solvers G
//
// A selection is a JSON list of instances (the format of
// ../shared/mznbench/public.json): model and data paths under DIR/files,
// kind (satisfy, minimize, maximize), Gecode's answer (an objective, SAT
// or UNSAT), its solve_s and flat_s. The limit of an instance is the one
// of the selection's run.py, flat_s + 2·solve_s + 2 s; a solver still
// running then is killed. A proven answer that disagrees with the
// selection's, or a solution better than its optimum, is WRONG, and makes
// the command exit with status 1.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type instance struct {
	Family string  `json:"family"`
	Model  string  `json:"model"`
	Data   string  `json:"data"`
	Kind   string  `json:"kind"`
	Answer string  `json:"answer"`
	SolveS float64 `json:"solve_s"`
	FlatS  float64 `json:"flat_s"`
}

// result is one run of one solver on one instance.
type result struct {
	wall      time.Duration
	solveTime float64 // the solver's own solveTime statistic, -1 if none
	nodes     string
	answer    string // the objective, SAT or UNSAT, or "-"
	verdict   string // solved, unsolved, WRONG, ERROR or TIMEOUT
	checked   string // csp's solution given back to MiniZinc: checked, REJECTED, - or why not
	timedOut  bool
	err       string // the first error line of a failed run
}

func main() {
	dir := flag.String("dir", "", "the selection's folder, with files/ beneath (default: ../shared/mznbench, from a worktree ../../shared/mznbench)")
	sel := flag.String("sel", "public.json", "the selection, a JSON file in -dir, or a path with a slash (bench/fzn/wider.json)")
	reps := flag.Int("reps", 3, "runs of each solver on each instance; the report shows medians")
	csp := flag.String("csp", "", "a csp binary (default: build ./cmd/csp)")
	only := flag.String("only", "", "run only the instances whose family matches this regular expression")
	flag.StringVar(&gecodeID, "gecode", "gecode", "the Gecode solver configuration to compare with and to check csp's solutions (gecodefix: see gecodefix.sh)")
	flag.StringVar(&checkID, "check", "", "the solver configuration that checks csp's solutions (default: -gecode's; gecodestd decomposes every global as MiniZinc's standard library does)")
	extra := flag.String("solvers", "", "more folders of solver configurations for MiniZinc (where gecodefix.sh wrote gecodefix.msc), colon-separated")
	flag.Float64Var(&limitScale, "scale", 1, "multiply every limit by this (on a loaded machine, to see each solver's time; the verdicts then mean the longer limit)")
	flag.Parse()
	if *dir == "" {
		*dir = "../shared/mznbench"
		if _, err := os.Stat(*dir); err != nil {
			*dir = "../../shared/mznbench"
		}
	}
	path := filepath.Join(*dir, *sel)
	if _, err := os.Stat(*sel); err == nil && strings.ContainsRune(*sel, os.PathSeparator) {
		path = *sel // a selection kept elsewhere (bench/fzn/wider.json)
	}
	insts, err := load(path)
	if err != nil {
		fatal(err)
	}
	solvers, cleanup, err := install(*csp)
	if err != nil {
		fatal(err)
	}
	defer cleanup()
	if checkID == "" {
		checkID = gecodeID
	}
	if *extra != "" {
		solvers += ":" + *extra // MZN_SOLVER_PATH is a list
	}
	re := regexp.MustCompile(*only)
	start := time.Now()
	load0 := loadAverage()
	var rows []row
	for _, in := range insts {
		if !re.MatchString(in.Family) {
			continue
		}
		r := row{in: in}
		for range *reps { // alternate, so that both see the same machine
			r.gecode = append(r.gecode, runOne(*dir, in, gecodeID, solvers))
			r.csp = append(r.csp, runOne(*dir, in, "csp", solvers))
		}
		fmt.Fprintf(os.Stderr, "%-18s %-28s csp %-8s %8s  gecode %-8s %8s\n", in.Family, in.name(),
			r.csp[0].verdict, median(r.csp).wall.Round(time.Millisecond), r.gecode[0].verdict, median(r.gecode).wall.Round(time.Millisecond))
		rows = append(rows, r)
	}
	wrong := report(rows, *sel, *reps, start, load0)
	if wrong > 0 {
		os.Exit(1)
	}
}

type row struct {
	in          instance
	csp, gecode []result
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench/fzn:", err)
	os.Exit(2)
}

func load(path string) ([]instance, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var insts []instance
	return insts, json.Unmarshal(b, &insts)
}

// install builds csp (unless given) and installs it as a MiniZinc solver
// into a temporary folder, whose path it returns.
func install(csp string) (string, func(), error) {
	tmp, err := os.MkdirTemp("", "bench-fzn")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	if csp == "" {
		csp = filepath.Join(tmp, "csp")
		build := exec.Command("go", "build", "-o", csp, "./cmd/csp")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			cleanup()
			return "", nil, fmt.Errorf("building csp: %v", err)
		}
	}
	solvers := filepath.Join(tmp, "solvers")
	if out, err := exec.Command(csp, "mzn", "install", solvers).CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("csp mzn install: %v: %s", err, out)
	}
	return solvers, cleanup, nil
}

// name is the instance's data file, or its model when it has none.
func (in instance) name() string {
	if in.Data == "" {
		return filepath.Base(in.Model)
	}
	return filepath.Base(in.Data)
}

// limitScale multiplies the limits (-scale).
var limitScale = 1.0

// gecodeID is the Gecode solver configuration (-gecode), checkID the one
// that checks csp's solutions (-check).
var gecodeID, checkID = "gecode", ""

// limit is the time an instance gets, as run.py gives it (times -scale).
// The solver is told to stop a second before it (--time-limit), and killed
// at it.
func (in instance) limit() time.Duration {
	s := (in.FlatS + 2*in.SolveS + 2) * limitScale
	return time.Duration(s * float64(time.Second))
}

var (
	objectiveLine = regexp.MustCompile(`(?m)^_objective = (-?\d+);?$`)
	statLine      = regexp.MustCompile(`(?m)^%%%mzn-stat: (\w+)=(.*)$`)
	errorLine     = regexp.MustCompile(`(?m)^.*(Error|error:|panic|csp fzn:).*$`)
)

func runOne(dir string, in instance, solver, solvers string) result {
	// MiniZinc's own time limit, a second before the kill, so that a solver
	// still searching reports its best solution or =====UNKNOWN=====
	ms := max(in.limit()-time.Second, time.Second).Milliseconds()
	args := []string{"--solver", solver, "--output-mode", "dzn", "--output-objective", "-s",
		"--time-limit", strconv.FormatInt(ms, 10), filepath.Join(dir, "files", in.Model)}
	if in.Data != "" {
		args = append(args, filepath.Join(dir, "files", in.Data))
	}
	ctx, cancel := context.WithTimeout(context.Background(), in.limit())
	defer cancel()
	cmd := exec.CommandContext(ctx, "minizinc", args...)
	cmd.Env = append(os.Environ(), "MZN_SOLVER_PATH="+solvers)
	// minizinc's solver is its child: stop the whole group at the limit
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out, errOut bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errOut
	start := time.Now()
	runErr := cmd.Run()
	r := result{wall: time.Since(start), solveTime: -1, nodes: "-", timedOut: ctx.Err() != nil}
	text := out.String()
	for _, m := range statLine.FindAllStringSubmatch(text, -1) {
		switch m[1] {
		case "nodes":
			r.nodes = m[2]
		case "solveTime":
			if v, err := strconv.ParseFloat(m[2], 64); err == nil {
				r.solveTime = v
			}
		}
	}
	r.answer, r.verdict = judge(in, text)
	switch {
	case r.verdict != "unsolved":
	case r.timedOut && !strings.Contains(text, "=====UNKNOWN=====") && !strings.Contains(text, "----------"):
		// killed at the limit without a word: MiniZinc's --time-limit did
		// not make the solver report in time
		r.verdict = "TIMEOUT"
	case !r.timedOut && (runErr != nil || errorLine.MatchString(errOut.String())):
		// flattening refused, a builtin missing, a crash
		r.verdict = "ERROR"
		r.err = firstLine(errorLine.FindString(errOut.String())+"\n"+errOut.String(), runErr)
	}
	if solver == "csp" && r.verdict != "WRONG" {
		r.checked = check(dir, in, text, solvers)
		if r.checked == "REJECTED" {
			r.verdict = "WRONG"
		}
	}
	return r
}

// check gives csp's last solution to MiniZinc as data, with the model and
// its data, and has Gecode solve that: a solution that breaks a
// constraint of the model makes it unsatisfiable. It returns "checked",
// "REJECTED", "-" when there is no solution to check, or what went wrong.
func check(dir string, in instance, out, solvers string) string {
	sol := lastSolution(out)
	if sol == "" {
		return "-"
	}
	f, err := os.CreateTemp("", "solution-*.dzn")
	if err != nil {
		return "not checked: " + err.Error()
	}
	defer os.Remove(f.Name())
	f.WriteString(sol)
	f.Close()
	args := []string{"--solver", checkID, filepath.Join(dir, "files", in.Model)}
	if in.Data != "" {
		args = append(args, filepath.Join(dir, "files", in.Data))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "minizinc", append(args, f.Name())...)
	cmd.Env = append(os.Environ(), "MZN_SOLVER_PATH="+solvers)
	res, err := cmd.CombinedOutput()
	switch {
	case strings.Contains(string(res), "=====UNSATISFIABLE====="):
		return "REJECTED"
	case strings.Contains(string(res), "----------"):
		return "checked"
	}
	return "not checked: " + firstLine(string(res), err)
}

// lastSolution is the last solution in a run's dzn output, without the
// objective (MiniZinc declares none) or comments.
func lastSolution(out string) string {
	end := strings.LastIndex(out, "----------")
	if end < 0 {
		return ""
	}
	start := strings.LastIndex(out[:end], "----------")
	if start < 0 {
		start = 0
	} else {
		start += len("----------")
	}
	var b strings.Builder
	for _, line := range strings.Split(out[start:end], "\n") {
		if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "_objective") || strings.TrimSpace(line) == "" {
			continue
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func firstLine(s string, err error) string {
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	if err != nil {
		return err.Error()
	}
	return "no answer"
}

// judge reads a run's answer and compares it with the selection's, as
// run.py does.
func judge(in instance, out string) (answer, verdict string) {
	complete := strings.Contains(out, "==========")
	unsat := strings.Contains(out, "=====UNSATISFIABLE=====")
	sat := strings.Contains(out, "----------")
	if in.Kind == "satisfy" {
		switch {
		case unsat && in.Answer != "UNSAT", sat && in.Answer == "UNSAT":
			return map[bool]string{true: "UNSAT", false: "SAT"}[unsat], "WRONG"
		case unsat:
			return "UNSAT", "solved"
		case sat:
			return "SAT", "solved"
		}
		return "-", "unsolved"
	}
	objs := objectiveLine.FindAllStringSubmatch(out, -1)
	opt, err := strconv.ParseInt(in.Answer, 10, 64)
	if unsat {
		if err == nil {
			return "UNSAT", "WRONG"
		}
		return "UNSAT", "solved"
	}
	if len(objs) == 0 {
		return "-", "unsolved"
	}
	best, _ := strconv.ParseInt(objs[len(objs)-1][1], 10, 64)
	answer = strconv.FormatInt(best, 10)
	better := in.Kind == "minimize" && best < opt || in.Kind == "maximize" && best > opt
	switch {
	case err == nil && (better || complete && best != opt):
		return answer, "WRONG"
	case complete:
		return answer, "solved"
	}
	return answer + " (not proven)", "unsolved"
}

// median returns the run of median wall time.
func median(rs []result) result {
	s := append([]result(nil), rs...)
	sort.Slice(s, func(i, j int) bool { return s[i].wall < s[j].wall })
	return s[len(s)/2]
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// report prints the Markdown and returns the number of wrong answers.
func report(rows []row, sel string, reps int, start time.Time, load0 string) int {
	fmt.Printf("Instances of %s; %d runs of each solver per instance, Gecode and csp alternating; medians. %s, %s, 1-minute load average %s at the start, %s at the end.",
		sel, reps, start.UTC().Format("2006-01-02 15:04 UTC"), time.Since(start).Round(time.Second), load0, loadAverage())
	if limitScale != 1 {
		fmt.Printf(" Limits scaled by %g.", limitScale)
	}
	fmt.Print("\n\n")
	fmt.Println("| family | data | kind | Gecode's answer | csp | verdict | csp's solution | csp time | Gecode time | csp solveTime | Gecode solveTime | csp nodes | Gecode nodes | limit |")
	fmt.Println("|---|---|---|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|")
	var solved, gecodeSolved, wrong int
	counts := map[string]int{}
	for _, r := range rows {
		c, g := median(r.csp), median(r.gecode)
		verdict := c.verdict
		for _, x := range r.csp {
			if x.verdict == "WRONG" || x.verdict == "ERROR" && verdict != "WRONG" {
				verdict, c.err = x.verdict, x.err
			}
		}
		switch verdict {
		case "solved":
			solved++
		case "WRONG":
			wrong++
		}
		counts[verdict]++
		if c.err != "" {
			verdict += ": " + strings.ReplaceAll(c.err, "|", "\\|")
		}
		if g.verdict == "solved" {
			gecodeSolved++
		}
		fmt.Printf("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f s |\n",
			r.in.Family, r.in.name(), r.in.Kind, r.in.Answer, c.answer, verdict, c.checked,
			wall(c), wall(g), solveTime(c), solveTime(g), c.nodes, g.nodes, r.in.limit().Seconds())
	}
	fmt.Printf("\ncsp solved %d of %d within the limit, Gecode %d in the same run; %d wrong answers, %d errors, %d unsolved (best or UNKNOWN in time), %d stopped at the limit without a word.\n",
		solved, len(rows), gecodeSolved, wrong, counts["ERROR"], counts["unsolved"], counts["TIMEOUT"])
	fmt.Println("\nTimes are the wall time of the whole `minizinc` process (flattening with the solver's library, then solving); solveTime is the solver's own statistic. csp's last solution is given back to MiniZinc as data with the model, and Gecode solves that: `checked` means the model accepts it, REJECTED (a wrong answer) that it breaks a constraint. A time past the limit is shown as `>` the limit: the solver was stopped. ERROR: MiniZinc or csp failed (flattening refused, a builtin missing, a crash), with the first error line; TIMEOUT: stopped at the limit without a solution or =====UNKNOWN=====.")
	return wrong
}

func wall(r result) string {
	if r.timedOut {
		return "> limit"
	}
	return fmt.Sprintf("%.2f s", r.wall.Seconds())
}

func solveTime(r result) string {
	if r.solveTime < 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f s", r.solveTime)
}
