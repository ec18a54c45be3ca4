package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// --decompose posts every global constraint as its decomposition: the
// answers must not change, only the work. Each example and model is
// solved both ways: the count of a satisfaction model, the optimum of an
// optimisation.
func TestDecomposeSameAnswers(t *testing.T) {
	files, _ := filepath.Glob("examples/*.csp")
	files = append(files, "models/queens.csp", "models/sudoku.csp", "models/pile1.csp")
	for _, f := range files {
		if slowDecomposition[filepath.Base(f)] {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			plain, obj := answer(t, f)
			dec, _ := answer(t, f, "--decompose")
			if plain != dec {
				t.Fatalf("%s: %s with the propagators, %s with --decompose", f, plain, dec)
			}
			if plain == "" || obj && !strings.HasPrefix(plain, "optimal ") {
				t.Fatalf("%s: no answer (%q)", f, plain)
			}
		})
	}
}

// slowDecomposition are the examples whose decompositions (which have no
// auxiliary variables) take minutes where the propagators take a second
// or less: counting 19,724 knight's tours, the nonogram's and the
// roster's regular rules, the project's cumulative; and the rotating
// workforce, whose rosters no one counts: its first one takes restarts.
// engine's tests compare each global with its decomposition on small
// instances.
var slowDecomposition = map[string]bool{
	"knights-tour.csp": true, "nonogram.csp": true, "rostering.csp": true, "project.csp": true,
	"rotating-workforce.csp": true,
}

// answer solves f and returns its count, or "optimal N" for an
// optimisation, and whether it optimises.
func answer(t *testing.T, f string, extra ...string) (string, bool) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"solve", f, "--json", "--workers", "1", "--timeout", "60"}, extra...)
	switch code := run(args, strings.NewReader(""), &stdout, &stderr); code {
	case exitUnsat: // examples/grid.csp, --explain's example
		return "no solution", false
	case exitSolved:
	default:
		t.Fatalf("csp %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var st struct {
		Status    string `json:"status"`
		Objective *int64 `json:"objective"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &st); err != nil {
		t.Fatalf("csp %s: last line %q: %v", strings.Join(args, " "), lines[len(lines)-1], err)
	}
	if st.Objective != nil {
		return fmt.Sprintf("%s %d", st.Status, *st.Objective), true
	}
	stdout.Reset()
	stderr.Reset()
	args = append([]string{"solve", f, "--count", "--workers", "1", "--timeout", "60"}, extra...)
	switch code := run(args, strings.NewReader(""), &stdout, &stderr); code {
	case exitUnsat: // examples/grid.csp, --explain's example
		return "no solution", false
	case exitSolved:
	default:
		t.Fatalf("csp %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	return strings.TrimSpace(stdout.String()), false
}
