package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/play"
	"github.com/csp-lang/csp/cmd/csp/internal/play/core"
)

// The playground answers as the CLI does: the shipped models with the
// runs of their golden files, every example, and the small CLI cases,
// through the same code (core, natively) and through the WebAssembly
// build that csp play serves (with node).

// playCase is a CLI run and the request the page would send for it.
type playCase struct {
	name string   // the golden file's, under testdata/golden
	args []string // the CLI's arguments
	req  core.Request
}

// playCases lists the golden runs the page can make. A run with a flag
// the page does not offer (-n, --json, --each, --explain, --tree, ...) is
// left out, and so is one whose file cannot be read (the page has no
// files to read).
func playCases(t *testing.T) []playCase {
	var cases []playCase
	add := func(name string, args []string) {
		// The golden files of compare's table are JSON, which the page
		// does not print: TestPlayCompareTable holds the table to the CLI.
		if req, ok := playRequest(args); ok && (req.Action != "compare" || req.All) {
			cases = append(cases, playCase{name, args, req})
		}
	}
	for _, r := range modelRuns {
		add("models/"+r.name, r.args)
	}
	files, _ := filepath.Glob("examples/*.csp")
	for _, f := range files {
		add("examples/"+strings.TrimSuffix(filepath.Base(f), ".csp"), []string{"solve", f})
	}
	files, _ = filepath.Glob("cmd/csp/testdata/cli/*.csp")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(src), "\n")
		argLine, _ := strings.CutPrefix(first, "# args:")
		var args []string
		for _, a := range strings.Fields(argLine) {
			args = append(args, strings.ReplaceAll(a, "FILE", f))
		}
		add("cli/"+strings.TrimSuffix(filepath.Base(f), ".csp"), args)
	}
	if len(cases) < 60 {
		t.Fatalf("only %d cases: the golden runs moved?", len(cases))
	}
	return cases
}

// playRequest turns a command line into the page's request, if the page
// can make it.
func playRequest(args []string) (core.Request, bool) {
	var req core.Request
	if len(args) < 2 {
		return req, false
	}
	switch args[0] {
	case "solve", "check", "compare":
		req.Action = args[0]
	default:
		return req, false
	}
	var files []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		value := func() bool { // the flag's value, in the next argument
			if i+1 >= len(args) {
				return false
			}
			i++
			return true
		}
		switch {
		case a == "-p" && value():
			if !strings.Contains(args[i], "=") {
				return req, false // the CLI's hint for MiniZinc's -p N is the CLI's
			}
			req.Params = append(req.Params, args[i])
		case (a == "-a" || a == "--all") && req.Action == "solve":
			req.Action = "all"
		case a == "--all" && req.Action == "compare":
			req.All = true
		case a == "--count" && req.Action == "solve":
			req.Action = "count"
		case a == "--order" && value():
			req.Order = args[i]
		case a == "--values" && value():
			req.Values = args[i]
		case a == "--prop" && value():
			req.Prop = args[i]
		case a == "--trace":
			req.Trace = "steps"
		case strings.HasPrefix(a, "--trace="):
			req.Trace = strings.TrimPrefix(a, "--trace=")
		case a == "--trace-limit" && value():
			n, err := strconv.Atoi(args[i])
			if err != nil || n <= 0 {
				return req, false
			}
			req.TraceLimit = n
		case strings.HasPrefix(a, "-"):
			return req, false
		default:
			files = append(files, a)
		}
	}
	for i, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return req, false
		}
		if info, _ := os.Stat(f); info == nil || info.IsDir() {
			return req, false
		}
		src := core.Source{Name: f, Text: string(text)}
		if i == 0 {
			req.Model = src
		} else {
			req.Data = append(req.Data, src)
		}
	}
	// The page offers only valid settings; the CLI's messages for others
	// are the CLI's concern.
	valid := func(v string, names ...string) bool { return v == "" || slices.Contains(names, v) }
	if !valid(req.Order, "input", "mrv", "domwdeg") || !valid(req.Values, "min", "max", "mid", "auto") ||
		!valid(req.Prop, "none", "fc", "ac") || !valid(req.Trace, "steps", "domains", "piles") {
		return req, false
	}
	return req, len(files) > 0
}

// render writes a result as runCLI writes a run.
func (c playCase) render(stdout, stderr string, exit int) string {
	var b strings.Builder
	b.WriteString("$ csp " + strings.Join(c.args, " ") + "\n" + stdout)
	if stderr != "" {
		b.WriteString("--- stderr\n" + stderr)
	}
	b.WriteString("--- exit " + strconv.Itoa(exit) + "\n")
	return scrubTimes(b.String())
}

func (c playCase) golden(t *testing.T) string {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("cmd", "csp", "testdata", "golden", c.name+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	return string(want)
}

func TestPlayCoreMatchesCLI(t *testing.T) {
	cases := playCases(t)
	t.Logf("%d golden runs", len(cases))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s core.Session
			res := s.Do(c.req, nil)
			if got, want := c.render(res.Stdout, res.Stderr, res.Exit), c.golden(t); got != want {
				t.Errorf("the playground's answer differs from %s.golden:\n--- got\n%s--- want\n%s", c.name, got, want)
			}
		})
	}
}

var compareRuns = [][]string{
	{"compare", "models/queens.csp", "-p", "n=6"},
	{"compare", "models/pile3.csp", "--all"},
	{"compare", "examples/knapsack.csp"},
}

var (
	fastestMark = regexp.MustCompile(`(?m)^[ *]`)
	rowTime     = regexp.MustCompile(` +[0-9.]+ (ms|s)  `)
)

// scrubTable blanks what varies in compare's table: the times, and so
// which row is marked fastest.
func scrubTable(s string) string {
	return rowTime.ReplaceAllString(fastestMark.ReplaceAllString(s, " "), " _  ")
}

// compare prints a table with times, which its golden files (JSON) do
// not hold: the page's table is held to the CLI's run now, times and the
// fastest row's mark aside.
func TestPlayCompareTable(t *testing.T) {
	for _, args := range compareRuns {
		req, ok := playRequest(args)
		if !ok {
			t.Fatalf("%v: no request", args)
		}
		var s core.Session
		res := s.Do(req, nil)
		c := playCase{args: args}
		got, want := scrubTable(c.render(res.Stdout, res.Stderr, res.Exit)), scrubTable(runCLI(args...))
		if got != want {
			t.Errorf("the playground's compare differs from the CLI's:\n--- got\n%s--- want\n%s", got, want)
		}
	}
}

// The same runs through the WebAssembly build csp play serves, as the
// page's worker calls it, in node: one process for all of them.
func TestPlayWasmMatchesCLI(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("skipped: node is not installed, so the WebAssembly build is not run (install nodejs to run it)")
	}
	site := t.TempDir()
	if err := play.WriteSite(site); err != nil {
		t.Fatal(err)
	}
	cases := playCases(t)
	if testing.Short() { // the shipped models and the small cases; the examples without -short
		cases = slices.DeleteFunc(cases, func(c playCase) bool { return strings.HasPrefix(c.name, "examples/") })
	}
	var reqs []core.Request
	for _, c := range cases {
		reqs = append(reqs, c.req)
	}
	for _, args := range compareRuns[:2] { // knapsack's rows take seconds in WebAssembly
		req, _ := playRequest(args)
		reqs = append(reqs, req)
	}
	// next continues a search across calls: solve, then next twice.
	queens := reqs[0]
	queens.Params = []string{"n=4"}
	for _, action := range []string{"solve", "next", "next"} {
		queens.Action = action
		reqs = append(reqs, queens)
	}
	// Stop at the first progress report ends a count of 30-queens with
	// the count so far; the count after it runs to its end.
	type stoppable struct {
		core.Request
		StopAtProgress bool `json:"stopAtProgress,omitempty"`
	}
	all := make([]stoppable, 0, len(reqs)+2)
	for _, r := range reqs {
		all = append(all, stoppable{Request: r})
	}
	queens.Action = "count"
	queens.Order, queens.Values, queens.Prop = "", "", "" // the defaults: 30-queens' solutions come at once
	queens.Params = []string{"n=30"}
	all = append(all, stoppable{queens, true})
	queens.Params = []string{"n=6"}
	all = append(all, stoppable{Request: queens})
	reqFile := filepath.Join(site, "requests.json")
	text, _ := json.Marshal(all)
	if err := os.WriteFile(reqFile, text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "cmd/csp/testdata/play/run.js", site, reqFile)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderrOf(err))
	}
	var results []struct {
		core.Result
		Streamed string `json:"streamed"`
		Progress int    `json:"progress"`
	}
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatalf("node printed no results: %v\n%.2000s", err, out)
	}
	if len(results) != len(all) {
		t.Fatalf("%d results for %d requests", len(results), len(all))
	}
	for i, c := range cases {
		r := results[i]
		if got, want := c.render(r.Stdout+r.Streamed, r.Stderr, r.Exit), c.golden(t); got != want {
			t.Errorf("the WebAssembly build's answer differs from %s.golden (go generate ./cmd/csp/internal/play if the sources changed):\n--- got\n%s--- want\n%s", c.name, got, want)
		}
	}
	for i, args := range compareRuns[:2] {
		r := results[len(cases)+i]
		c := playCase{args: args}
		if got, want := scrubTable(c.render(r.Stdout+r.Streamed, r.Stderr, r.Exit)), scrubTable(runCLI(args...)); got != want {
			t.Errorf("the WebAssembly build's compare differs from the CLI's:\n--- got\n%s--- want\n%s", got, want)
		}
	}
	var steps []string
	for _, r := range results[len(cases)+2 : len(cases)+5] {
		steps = append(steps, r.Streamed)
	}
	want := []string{". . Q .\nQ . . .\n. . . Q\n. Q . .\n", "solution 2:\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n", "no more solutions (2 found)\n"}
	if !slices.Equal(steps, want) {
		t.Errorf("solve, next, next on 4-queens printed %q, want %q", steps, want)
	}
	stopped, after := results[len(cases)+5], results[len(cases)+6]
	n, status := int64(-1), ""
	if stopped.Stats != nil {
		n, status = stopped.Stats.Solutions, stopped.Stats.Status
	}
	if stopped.Progress == 0 || stopped.Exit != 3 || status != "stopped" || stopped.Streamed != fmt.Sprintf("%d\n", n) ||
		stopped.Stderr != fmt.Sprintf("csp: stopped: the count %d is incomplete\n", n) {
		t.Errorf("count of 30-queens stopped at its first progress report (of %d): exit %d, %+v, printed %q, %q",
			stopped.Progress, stopped.Exit, stopped.Stats, stopped.Streamed, stopped.Stderr)
	}
	if after.Exit != 0 || after.Streamed != "4\n" {
		t.Errorf("the count of 6-queens after the stopped one: exit %d, %q", after.Exit, after.Streamed)
	}
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
