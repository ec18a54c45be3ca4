package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// A count or a list of solutions that a limit cut short is not the
// answer asked for: exit 3, with what was found printed and a note on
// stderr. A stopped optimisation still has its best solution: exit 0.
func TestIncompleteAnswerExitStatus(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // a regexp the whole of stdout must match
		stderr string
	}{
		{"count, one worker", []string{"solve", "models/queens.csp", "-p", "n=30", "--count", "--timeout", "0.2s", "--workers", "1"},
			exitLimit, `^[0-9]+\n$`, "csp: timeout after 200ms: the count "},
		{"count, parallel", []string{"solve", "models/queens.csp", "-p", "n=30", "--count", "--timeout", "0.2s", "--workers", "2"},
			exitLimit, `^[0-9]+\n$`, "is incomplete"},
		{"all", []string{"solve", "models/queens.csp", "-p", "n=30", "-a", "--timeout", "0.2s", "--workers", "1"},
			exitLimit, `(?s)^. .*Q.*\n$`, "solutions found, and there may be more"},
		{"first N", []string{"solve", "models/queens.csp", "-p", "n=28", "-n", "100000000", "--timeout", "0.2s", "--json"},
			exitLimit, `(?s)^\{"type":"solution".*\{"type":"status","status":"solution","complete":false,"solutions":[0-9]+,"stopped":"timeout"\}\n$`,
			"of the 100000000 solutions asked for found"},
		{"batch count", []string{"solve", "models/sudoku.csp", "--each", "-", "--count", "--timeout", "0.2s", "--workers", "1"},
			exitLimit, `^[0-9]+\n$`, "<stdin>:1: timeout: the count "},
		{"optimisation keeps its best", []string{"solve", "examples/golomb.csp", "-p", "n=12", "--timeout", "0.3s", "--workers", "1"},
			exitSolved, `(?s)objective = [0-9]+\n$`, "the last solution is the best found, not proven optimal"},
	}
	// The timeout strikes once two solutions are found (the searches below
	// cannot end before it): what is printed no longer depends on how
	// busy the machine is.
	testHookTimeUp = func(found int64) bool { return found >= 2 }
	defer func() { testHookTimeUp = nil }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			empty := strings.Repeat(".", 81) + "\n" // a sudoku without clues, for the batch
			code := run(c.args, strings.NewReader(empty), &stdout, &stderr)
			if code != c.code || !regexp.MustCompile(c.stdout).MatchString(stdout.String()) || !strings.Contains(stderr.String(), c.stderr) {
				t.Errorf("exit %d, want %d\n--- stdout (want %s)\n%.2000s\n--- stderr (want it to hold %q)\n%s", code, c.code, c.stdout, stdout.String(), c.stderr, stderr.String())
			}
		})
	}
}
