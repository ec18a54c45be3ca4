package main

import (
	"bytes"
	"encoding/json"
	"regexp"
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

// A show text longer than a megabyte is left out of the solution line,
// which says so; the values are all there. 800-queens draws 1.28 MB.
func TestJSONShownOmitted(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"solve", "models/queens.csp", "-p", "n=800", "--json"}, strings.NewReader(""), &stdout, &stderr)
	first, _, _ := strings.Cut(stdout.String(), "\n")
	var line struct {
		Values       map[string][]int64 `json:"values"`
		Shown        *string            `json:"shown"`
		ShownOmitted bool               `json:"shown_omitted"`
	}
	if err := json.Unmarshal([]byte(first), &line); err != nil || code != exitSolved {
		t.Fatalf("exit %d, %v: %.200s", code, err, first)
	}
	if len(line.Values["q"]) != 800 || line.Shown != nil || !line.ShownOmitted {
		t.Errorf("%d values, shown %v, omitted %v", len(line.Values["q"]), line.Shown != nil, line.ShownOmitted)
	}
}

// -s puts a "statistics" line in the stream, before the status, and its
// text on stderr as without --json: for csp solve and for a batch. Only
// times and memory vary.
func TestJSONStatisticsGolden(t *testing.T) {
	runs := map[string][]string{
		"json-stats":      {"solve", "models/queens.csp", "-p", "n=5", "--json", "-s"},
		"json-each-stats": {"solve", "models/sudoku-nxn.csp", "-p", "N=4", "-p", "R=2", "-p", "C=2", "--each", "puzzle=cmd/csp/testdata/batch/4x4.txt", "--json", "-s"},
	}
	varying := regexp.MustCompile(`(?m)^(setup time|search time|peak memory|wall time|rate) .*$`)
	for name, args := range runs {
		t.Run(name, func(t *testing.T) {
			checkGolden(t, name, varying.ReplaceAllString(runCLI(args...), "$1 _"))
		})
	}
}
