package fzncmd

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/lang/fzn"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenCases run csp fzn on the models of testdata/fzn; the output (stdout
// then stderr, and the exit status) is in testdata/golden/NAME.out.
var goldenCases = []struct {
	name string
	args []string
}{
	{"queens4-first", []string{"queens4.fzn"}},
	{"queens4-all", []string{"-a", "queens4.fzn"}},
	{"queens4-n1", []string{"queens4.fzn", "-n", "1"}},
	{"queens4-n5", []string{"-n5", "queens4.fzn"}},
	{"queens4-all-parallel", []string{"-a", "-p", "2", "queens4.fzn"}},
	{"queens4-free", []string{"-f", "-a", "queens4.fzn"}},
	{"pack-optimum", []string{"pack.fzn"}},
	{"pack-intermediate", []string{"-a", "pack.fzn"}},
	{"pack-parallel", []string{"-p", "2", "pack.fzn"}},
	{"shapes-all", []string{"--all-solutions", "shapes.fzn"}},
	{"unsat", []string{"unsat.fzn"}},
	{"unsat-all", []string{"-a", "unsat.fzn"}},
	{"alias", []string{"alias.fzn"}},
	{"bad-flag", []string{"-x", "queens4.fzn"}},
	{"no-file", []string{"-a"}},
	{"two-files", []string{"queens4.fzn", "pack.fzn"}},
	{"missing-file", []string{"nothere.fzn"}},
	{"bad-number", []string{"-n", "many", "queens4.fzn"}},
}

func runFzn(t *testing.T, args []string, stdin string) (string, int) {
	t.Helper()
	var out, errw bytes.Buffer
	code := Fzn(args, strings.NewReader(stdin), &out, &errw, Env{Version: "test"})
	return out.String() + errw.String(), code
}

func TestGolden(t *testing.T) {
	chdir(t, "testdata/fzn")
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			got, code := runFzn(t, c.args, "")
			got += "exit status " + string(rune('0'+code)) + "\n"
			if strings.Contains(c.name, "parallel") {
				got = sortSolutions(got) // the workers find them in any order
			}
			file := filepath.Join("..", "golden", c.name+".out")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("csp fzn %s:\n--- got\n%s--- want\n%s", strings.Join(c.args, " "), got, want)
			}
		})
	}
}

// sortSolutions puts the solutions of an output in order, keeping the
// lines after the last one in place.
func sortSolutions(out string) string {
	parts := strings.SplitAfter(out, "----------\n")
	sols := parts[:len(parts)-1]
	sortStrings(sols)
	return strings.Join(sols, "") + parts[len(parts)-1]
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestSolutionCounts checks -a and -n against the known numbers: 4-queens
// has 2 solutions, the shapes model 13 (as Gecode counts them).
func TestSolutionCounts(t *testing.T) {
	chdir(t, "testdata/fzn")
	for _, c := range []struct {
		args     []string
		sols     int
		complete bool
	}{
		{[]string{"queens4.fzn"}, 1, false},
		{[]string{"-a", "queens4.fzn"}, 2, true},
		{[]string{"-n", "2", "queens4.fzn"}, 2, false},
		{[]string{"-n", "3", "queens4.fzn"}, 2, true},
		{[]string{"-a", "-p", "2", "queens4.fzn"}, 2, true},
		{[]string{"-a", "shapes.fzn"}, 13, true},
		{[]string{"-a", "-p", "2", "shapes.fzn"}, 13, true},
		{[]string{"-n", "4", "shapes.fzn"}, 4, false},
		{[]string{"-a", "unsat.fzn"}, 0, true},
	} {
		out, code := runFzn(t, c.args, "")
		sols := strings.Count(out, "----------\n")
		complete := strings.Contains(out, "==========\n") || strings.Contains(out, "=====UNSATISFIABLE=====\n")
		if code != 0 || sols != c.sols || complete != c.complete {
			t.Errorf("csp fzn %s: %d solutions, complete %v, status %d; want %d, %v, 0\n%s", strings.Join(c.args, " "), sols, complete, code, c.sols, c.complete, out)
		}
	}
}

// TestStatistics checks the %%%mzn-stat lines of -s, whose values vary.
func TestStatistics(t *testing.T) {
	chdir(t, "testdata/fzn")
	out, code := runFzn(t, []string{"-s", "pack.fzn"}, "")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, out)
	}
	for _, re := range []string{
		`(?m)^==========\n%%%mzn-stat: initTime=\d+\.\d+\n`,
		`(?m)^%%%mzn-stat: solveTime=\d+\.\d+$`,
		`(?m)^%%%mzn-stat: nodes=[1-9]\d*$`,
		`(?m)^%%%mzn-stat: failures=\d+$`,
		`(?m)^%%%mzn-stat: variables=5$`,
		`(?m)^%%%mzn-stat: boolVariables=4$`,
		`(?m)^%%%mzn-stat: objective=13$`,
		`(?m)^%%%mzn-stat-end\n\z`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no match for %s in\n%s", re, out)
		}
	}
}

// TestStdin reads the model from standard input.
func TestStdin(t *testing.T) {
	out, code := runFzn(t, []string{"-"}, "var 1..3: x :: output_var;\nconstraint int_le(3, x);\nsolve satisfy;\n")
	if code != 0 || out != "x = 3;\n----------\n" {
		t.Errorf("status %d, output\n%s", code, out)
	}
}

// TestStopReportsBest stops the search after its first solution, as Ctrl-C
// or -t would: an optimisation prints the best solution found without the
// line that claims the optimum, a satisfaction problem stopped before any
// solution says UNKNOWN.
func TestStopReportsBest(t *testing.T) {
	chdir(t, "testdata/fzn")
	var stop func()
	env := Env{OnSignal: func(f func()) func() { stop = f; return func() {} }}
	testHookSolution = func() { stop() }
	defer func() { testHookSolution = nil }()
	var out, errw bytes.Buffer
	if code := Fzn([]string{"pack.fzn"}, nil, &out, &errw, env); code != 0 {
		t.Fatalf("status %d: %s", code, errw.String())
	}
	if got := out.String(); strings.Count(got, "----------\n") != 1 || strings.Contains(got, "==========") || strings.Contains(got, "UNKNOWN") {
		t.Errorf("stopped after the first solution:\n%s", got)
	}
	testHookSolution = nil
	env.OnSignal = func(f func()) func() { f(); return func() {} } // stopped before the search
	out.Reset()
	if code := Fzn([]string{"queens4.fzn"}, nil, &out, &errw, env); code != 0 || out.String() != "=====UNKNOWN=====\n" {
		t.Errorf("stopped before the search: status %d\n%s", code, out.String())
	}
}

// chdir changes the working directory for the test (the module's Go
// version predates testing.T.Chdir).
func chdir(t *testing.T, dir string) {
	t.Helper()
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
}

// TestLimitDuringCompile gives a limit shorter than reading and compiling
// a large model take: MiniZinc passes what flattening left of its
// --time-limit, and kills a solver that has not answered by then, so csp
// says UNKNOWN at the limit instead of finishing the compilation first.
func TestLimitDuringCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a model of 40,000 items")
	}
	var b strings.Builder
	const n = 20000
	for i := range n {
		fmt.Fprintf(&b, "var 0..9: x%d;\n", i)
	}
	for i := range n - 1 {
		fmt.Fprintf(&b, "constraint int_lin_le([1,-1],[x%d,x%d],0);\n", i, i+1)
	}
	b.WriteString("solve satisfy;\n")
	start := time.Now()
	out, code := runFzn(t, []string{"-t", "1", "-"}, b.String())
	answered := time.Since(start)
	if code != 0 || out != "=====UNKNOWN=====\n" {
		t.Errorf("status %d, output\n%s", code, out)
	}
	start = time.Now()
	if _, err := fzn.Compile("big.fzn", []byte(b.String())); err != nil {
		t.Fatal(err)
	}
	if compiled := time.Since(start); answered > compiled/2 {
		t.Errorf("answered after %v, the limit being 1 ms; compiling alone takes %v", answered, compiled)
	}
}
