package main

import (
	"slices"
	"strings"
	"testing"
)

// solveLines runs csp solve with args and returns its stdout lines,
// failing the test unless it exits 0.
func solveLines(t *testing.T, args ...string) []string {
	t.Helper()
	out := runCLI(append([]string{"solve"}, args...)...)
	if !strings.HasSuffix(out, "--- exit 0\n") {
		t.Fatalf("csp solve %v failed:\n%s", args, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[1 : len(lines)-1] // drop the command line and the exit status
}

// Parallel search cuts the tree into subproblems: counts and solution sets
// must be exactly those of one worker, under every propagation level.
func TestParallelSameAnswers(t *testing.T) {
	for _, prop := range []string{"none", "fc", "ac"} {
		for _, c := range [][]string{
			{"models/queens.csp", "-p", "n=8", "--count"},
			{"models/queens.csp", "-p", "n=9", "--count"},
			{"models/queens.csp", "-p", "n=6", "--all"},
			{"models/sudoku.csp", "models/data/many.csp", "--count"},
			{"models/pile3.csp", "--all"},
		} {
			if prop == "none" && c[0] == "models/sudoku.csp" {
				continue // far too slow without propagation
			}
			args := append(slices.Clip(c), "--prop", prop)
			one := solveLines(t, append(args, "--workers", "1")...)
			for _, w := range []string{"2", "3", "8"} {
				many := solveLines(t, append(args, "--workers", w)...)
				slices.Sort(one)
				slices.Sort(many)
				if !slices.Equal(one, many) {
					t.Errorf("%v: --workers %s gives\n%v\nwant\n%v", args, w, many, one)
				}
			}
		}
	}
}

// An optimisation on several workers proves the same optimum.
func TestParallelOptimum(t *testing.T) {
	for _, f := range []string{"examples/golomb.csp", "examples/knapsack.csp", "examples/assignment.csp", "examples/scheduling.csp"} {
		one := solveLines(t, f, "--workers", "1")
		many := solveLines(t, f, "--workers", "4")
		objective := func(lines []string) string {
			for i := len(lines) - 1; i >= 0; i-- {
				if strings.HasPrefix(lines[i], "objective = ") {
					return lines[i]
				}
			}
			return ""
		}
		if objective(one) == "" || objective(one) != objective(many) || many[len(many)-1] != "optimal" {
			t.Errorf("%s: one worker ends %q, four end %q, %q", f, objective(one), objective(many), many[len(many)-1])
		}
	}
}
