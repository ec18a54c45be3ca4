package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Every line of the --json stream is an object that encoding/json reads
// back, with a known "type", and the last is the status, whatever the
// run: solutions, a count, an optimisation, errors, a batch, a check.
func TestJSONStreamLines(t *testing.T) {
	progressNow(t)
	runs := [][]string{
		{"solve", "models/queens.csp", "-p", "n=6", "--all", "--json", "-s"},
		{"solve", "models/queens.csp", "-p", "n=10", "--count", "--json", "--progress"},
		{"solve", "examples/golomb.csp", "--json"},
		{"solve", "cmd/csp/testdata/cli/json-types.csp", "--json", "-a"},
		{"solve", "cmd/csp/testdata/cli/json-errors.csp", "--json"},
		{"solve", "nope.csp", "--json"},
		{"solve", "models/queens.csp", "--json", "-n", "0"},
		{"solve", "models/sudoku.csp", "--each", "cmd/csp/testdata/batch/sudoku.txt", "--json"},
		{"check", "models/sudoku.csp", "--json"},
		{"check", "cmd/csp/testdata/cli/json-errors.csp", "--json"},
	}
	known := map[string]bool{"solution": true, "status": true, "statistics": true, "progress": true, "error": true, "instance": true}
	for _, args := range runs {
		var stdout, stderr bytes.Buffer
		run(args, strings.NewReader(""), &stdout, &stderr)
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		var last string
		for _, l := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(l), &obj); err != nil {
				t.Fatalf("csp %s: %v in the line\n%s", strings.Join(args, " "), err, l)
			}
			typ, _ := obj["type"].(string)
			if !known[typ] {
				t.Errorf("csp %s: a line of type %q:\n%s", strings.Join(args, " "), typ, l)
			}
			last = typ
		}
		if last != "status" {
			t.Errorf("csp %s: the last line is of type %q, not status:\n%s", strings.Join(args, " "), last, stdout.String())
		}
	}
}
