package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

// progressNow makes --progress write at every engine callback, for the
// length of a test: the lines then fall at the same nodes on every run.
func progressNow(t *testing.T) {
	delay, every := output.ProgressDelay, output.ProgressEvery
	output.ProgressDelay, output.ProgressEvery = 0, 0
	t.Cleanup(func() { output.ProgressDelay, output.ProgressEvery = delay, every })
}

// --progress --json: "progress" lines in the stream, before the
// statistics and the status. Only their times and rates vary.
func TestProgressJSONGolden(t *testing.T) {
	progressNow(t)
	got := runCLI("solve", "models/queens.csp", "-p", "n=10", "--count", "--progress", "--json", "--order", "input", "--prop", "fc")
	got = regexp.MustCompile(`"nodes_per_s":[0-9]+`).ReplaceAllString(got, `"nodes_per_s":_`)
	if strings.Count(got, `{"type":"progress"`) < 2 {
		t.Errorf("fewer than 2 progress lines:\n%s", got)
	}
	checkGolden(t, "progress-json", got)
}

// --progress without --json: plain lines on stderr, off a terminal, and
// stdout keeps the answer alone.
func TestProgressLines(t *testing.T) {
	progressNow(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"solve", "models/queens.csp", "-p", "n=11", "--count", "--progress", "--workers", "2"}, strings.NewReader(""), &stdout, &stderr)
	line := regexp.MustCompile(`^searching: [0-9.kMG]+ nodes, [0-9.kMG]+ solutions, [0-9.kMG]+ nodes/s, [0-9a-zµ.]+$`)
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if code != exitSolved || stdout.String() != "2680\n" || len(lines) < 2 {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout.String(), stderr.String())
	}
	for _, l := range lines {
		if !line.MatchString(l) {
			t.Errorf("not a progress line: %q", l)
		}
	}
}

// Without --progress, nothing is written off a terminal, however long
// the search.
func TestNoProgressOffATerminal(t *testing.T) {
	progressNow(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"solve", "models/queens.csp", "-p", "n=9", "--count"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitSolved || stdout.String() != "352\n" || stderr.Len() > 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
