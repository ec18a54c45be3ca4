package main

import (
	"bytes"
	"strings"
	"testing"
)

// --timeout and --max-memory bound compiling as they bound the search: a
// model that would take too long or too much memory to lower stops with
// exit status 3 and an error at the statement being lowered.
func TestCompileLimitsOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	// 9,000,000 where tests and no constraint: seconds of lowering.
	slow := write("slow.csp", "var x in 0..9\nforall i in 1..3000, j in 1..3000 where i + j < 0: x >= 0\n")
	// 9,000,000 constraints: a gigabyte or two.
	big := write("big.csp", "var x in 0..9\nforall i in 1..3000, j in 1..3000: x >= 0\n")
	// 9,000,000 constraints of 40 terms: tens of gigabytes.
	huge := write("huge.csp", "var x in 0..9\nforall i in 1..3000, j in 1..3000: "+strings.Repeat("x + ", 40)+"i >= j\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", slow, "--timeout", "0.2"}, "slow.csp:2:1: compiling stopped (timeout after 200ms) while lowering this statement\n"},
		{[]string{"solve", big, "--max-memory", "256M"}, "big.csp:2:1: lowering this statement "}, // would take, or took the heap past
		{[]string{"solve", huge}, "more than the memory limit of 4 GB"},
		{[]string{"check", huge}, "more than the memory limit of 4 GB"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != exitLimit || !strings.Contains(stderr.String(), tt.want) || stdout.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q, want %q", tt.args[2:], code, stderr.String(), tt.want)
		}
	}
}
