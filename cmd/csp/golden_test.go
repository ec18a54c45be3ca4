package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files with the current output")

func TestMain(m *testing.M) {
	// Run from the repository root so paths in the output read as a user
	// types them: models/queens.csp.
	if err := os.Chdir("../.."); err != nil {
		panic(err)
	}
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir) // the binary of cspBinary
	}
	os.Exit(code)
}

// runCLI runs the command line in-process and renders what a user sees:
// stdout, then stderr and the exit status when there is something to say.
//
// A solve runs on one worker unless the case says otherwise, so that
// --all lists solutions in the search's order, the same on every machine
// (parallel search is checked apart, in parallel_test.go).
func runCLI(args ...string) string {
	var stdout, stderr bytes.Buffer
	runArgs := args
	if len(args) > 0 && args[0] == "solve" && !slices.Contains(args, "--workers") {
		runArgs = append(slices.Clip(args), "--workers", "1")
	}
	code := run(runArgs, strings.NewReader(""), &stdout, &stderr)
	var b strings.Builder
	b.WriteString("$ csp " + strings.Join(args, " ") + "\n")
	b.WriteString(stdout.String())
	if stderr.Len() > 0 {
		b.WriteString("--- stderr\n" + stderr.String())
	}
	fmt.Fprintf(&b, "--- exit %d\n", code)
	return scrubTimes(b.String())
}

// Timings and memory vary from run to run; goldens keep their shape only.
var timeFields = regexp.MustCompile(`("(setup_ms|search_ms|peak_memory_bytes|time_ms)":)[0-9.]+`)

func scrubTimes(s string) string { return timeFields.ReplaceAllString(s, "${1}_") }

// checkGolden compares got with testdata/golden/name.golden, or rewrites
// it under -update. On a mismatch the output is saved beside the golden.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("cmd", "csp", "testdata", "golden", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/csp -update to create it)", err)
	}
	if got != string(want) {
		_ = os.WriteFile(path+".actual", []byte(got), 0o644)
		t.Errorf("%s differs from the golden file (actual output in %s.actual):\n%s", name, path, got)
	}
}

// Each shipped model with the runs its header promises, and the course's
// oracles.
var modelRuns = []struct {
	name string
	args []string
}{
	{"queens", []string{"solve", "models/queens.csp"}},
	{"queens-4-all", []string{"solve", "models/queens.csp", "-p", "n=4", "--all"}},
	{"queens-3-none", []string{"solve", "models/queens.csp", "-p", "n=3"}},
	{"queens-8-count", []string{"solve", "models/queens.csp", "--count"}},
	{"queens-8-json-input", []string{"solve", "models/queens.csp", "--json", "--order", "input", "--values", "min", "-n", "3"}},
	{"sudoku", []string{"solve", "models/sudoku.csp"}},
	{"sudoku-count", []string{"solve", "models/sudoku.csp", "--count"}},
	{"sudoku-easy", []string{"solve", "models/sudoku.csp", "models/data/easy.csp"}},
	{"sudoku-medium", []string{"solve", "models/sudoku.csp", "models/data/medium.csp"}},
	{"sudoku-hard", []string{"solve", "models/sudoku.csp", "models/data/hard.csp"}},
	{"sudoku-worked", []string{"solve", "models/sudoku.csp", "models/data/worked.csp"}},
	{"sudoku-hardest2012", []string{"solve", "models/sudoku.csp", "models/data/hardest2012.csp"}},
	{"sudoku-many-count", []string{"solve", "models/sudoku.csp", "models/data/many.csp", "--count"}},
	{"sudoku-4x4-all", []string{"solve", "models/sudoku-nxn.csp", "models/data/4x4.csp", "--all"}},
	{"sudoku-6x6-all", []string{"solve", "models/sudoku-nxn.csp", "models/data/6x6.csp", "--all"}},
	{"pile1-all", []string{"solve", "models/pile1.csp", "--all", "--order", "input", "--values", "min", "--prop", "fc"}},
	{"pile2-all", []string{"solve", "models/pile2.csp", "--all", "--order", "input", "--values", "min", "--prop", "fc"}},
	{"pile3-all", []string{"solve", "models/pile3.csp", "--all", "--order", "input", "--values", "min", "--prop", "fc"}},
	{"pile4-all", []string{"solve", "models/pile4.csp", "--all", "--order", "input", "--values", "min", "--prop", "fc"}},
	{"pile4-max", []string{"solve", "models/pile4.csp", "-n", "3", "--order", "input", "--values", "max", "--prop", "fc"}},
	{"check-queens", []string{"check", "models/queens.csp"}},
}

func TestModels(t *testing.T) {
	for _, r := range modelRuns {
		t.Run(r.name, func(t *testing.T) { checkGolden(t, "models/"+r.name, runCLI(r.args...)) })
	}
	// Every model file must have at least one run above.
	files, _ := filepath.Glob("models/*.csp")
	for _, f := range files {
		covered := false
		for _, r := range modelRuns {
			covered = covered || r.args[1] == f
		}
		if !covered {
			t.Errorf("%s has no golden run in modelRuns", f)
		}
	}
}

// Every example is solved with its default settings.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("examples/*.csp")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".csp")
		t.Run(name, func(t *testing.T) { checkGolden(t, "examples/"+name, runCLI("solve", f)) })
	}
}

// testdata/cli/*.csp are small cases, mostly errors. The first line of
// each, "# args: ...", gives the command line; FILE stands for the file.
func TestCLICases(t *testing.T) {
	files, _ := filepath.Glob("cmd/csp/testdata/cli/*.csp")
	if len(files) == 0 {
		t.Fatal("no cases in cmd/csp/testdata/cli")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".csp")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(src), "\n")
			argLine, ok := strings.CutPrefix(first, "# args:")
			if !ok {
				t.Fatalf("%s: first line must be # args: ...", f)
			}
			var args []string
			for _, a := range strings.Fields(argLine) {
				args = append(args, strings.ReplaceAll(a, "FILE", f))
			}
			checkGolden(t, "cli/"+name, runCLI(args...))
		})
	}
}
