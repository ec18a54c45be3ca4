package main

import (
	"strings"
	"testing"
	"time"
)

// --timeout and :set timeout take Go durations and plain seconds; every
// whole number is a number of seconds, 10 and 100 as much as 7.
func TestDurationFlag(t *testing.T) {
	good := map[string]time.Duration{
		"10": 10 * time.Second, "20": 20 * time.Second, "60": time.Minute, "100": 100 * time.Second,
		"7": 7 * time.Second, "0.5": 500 * time.Millisecond, "2.25": 2250 * time.Millisecond,
		"10s": 10 * time.Second, "1m30s": 90 * time.Second, "500ms": 500 * time.Millisecond,
	}
	for in, want := range good {
		var d time.Duration
		if err := (durationFlag{&d}).Set(in); err != nil || d != want {
			t.Errorf("%q: %v, %v; want %v", in, d, err, want)
		}
	}
	for _, in := range []string{"0", "0s", "-1", "-5s", "soon", "1e3", "10.", ".5", "", "99999999999999999999", "1 0"} {
		var d time.Duration
		if err := (durationFlag{&d}).Set(in); err == nil {
			t.Errorf("%q accepted as %v", in, d)
		}
	}
}

func TestTimeoutOnTheCommandLine(t *testing.T) {
	for _, secs := range []string{"10", "60", "100"} {
		out := runCLI("solve", "models/queens.csp", "--timeout", secs, "--count")
		if !strings.Contains(out, "92\n") || !strings.Contains(out, "--- exit 0") {
			t.Errorf("--timeout %s:\n%s", secs, out)
		}
	}
	got := replay([]string{":set timeout 10", ":set"})
	if !strings.Contains(got, "timeout = 10\n") || !strings.Contains(got, "timeout 10s") {
		t.Errorf(":set timeout 10:\n%s", got)
	}
}

// --each answers each line with one line: the flags that ask for more, or
// for something else, are refused before anything is read.
func TestEachRefusesFlags(t *testing.T) {
	for _, extra := range [][]string{{"-a"}, {"--all"}, {"-n", "2"}, {"--explain"}, {"--trace"}, {"--tree", "t.svg"}} {
		args := append([]string{"--each", "lines.txt", "model.csp"}, extra...)
		if _, err := parseArgs("solve", args, true); err == nil || !strings.Contains(err.Error(), "--each") {
			t.Errorf("%v: %v", extra, err)
		}
	}
	if _, err := parseArgs("solve", []string{"--each", "lines.txt", "model.csp", "--count"}, true); err != nil {
		t.Errorf("--count with --each: %v", err)
	}
}
