//go:build linux

package main

import (
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// Ctrl-C during a count prints the count so far, says it is incomplete,
// and exits 3: a script cannot take it for the answer.
func TestSignalStopsACount(t *testing.T) {
	for _, workers := range []string{"1", "2"} {
		t.Run("workers "+workers, func(t *testing.T) {
			args := []string{"solve", "models/queens.csp", "-p", "n=30", "--count", "--workers", workers}
			code, stdout, stderr := runSignalled(t, args, syscall.SIGINT)
			if code != exitLimit || !regexp.MustCompile(`^[0-9]+\n$`).MatchString(stdout) ||
				!strings.Contains(stderr, "csp: interrupted: the count ") || !strings.Contains(stderr, " is incomplete") {
				t.Errorf("exit %d, want %d\n--- stdout (want a number)\n%s--- stderr\n%s", code, exitLimit, stdout, stderr)
			}
		})
	}
}

// With --json the stream ends with a status that says the count is
// incomplete and why.
func TestSignalStopsACountJSON(t *testing.T) {
	args := []string{"solve", "models/queens.csp", "-p", "n=30", "--count", "--json"}
	code, stdout, stderr := runSignalled(t, args, syscall.SIGINT)
	status := regexp.MustCompile(`(?m)^\{"type":"status","status":"(solution|unknown)","complete":false,"solutions":[0-9]+,"stopped":"interrupted"\}\n\z`)
	if code != exitLimit || !status.MatchString(stdout) || !strings.Contains(stderr, "csp: interrupted: ") {
		t.Errorf("exit %d, want %d\n--- stdout\n%s--- stderr\n%s", code, exitLimit, stdout, stderr)
	}
}
