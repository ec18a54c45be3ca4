//go:build linux

package main

import (
	"strings"
	"syscall"
	"testing"
)

// Ctrl-C and SIGTERM stop compiling, the solver's work before the first
// node and csp compare as they stop a search: with what was done so far
// and exit status 3, never a kill.
func TestSignalsOutsideTheSearch(t *testing.T) {
	write := fileWriter(t, t.TempDir())
	// 9,000,000 where tests: seconds of lowering, no constraint.
	slow := write("slow.csp", "var x in 0..9\nforall i in 1..3000, j in 1..3000 where i + j < 0: x >= 0\n")
	pigeons := write("pigeons.csp", "var x[1..13] in 1..12\nforall i, j in 1..13 where i < j: x[i] != x[j]\n")
	// Seconds of filtering x value by value before the first node.
	crt := write("crt.csp", "param divs = [3, 5, 7, 11, 13, 17, 19]\nparam rems = [2, 3, 2, 5, 7, 1, 4]\n"+
		"var x in 1..16_000_000\nforall i in 1..7: x % divs[i] = rems[i]\nminimize x\n")
	cases := []struct {
		name   string
		args   []string
		sig    syscall.Signal
		stdout string
		stderr string
	}{
		{"compiling, SIGINT", []string{"solve", slow}, syscall.SIGINT, "",
			"slow.csp:2:1: compiling stopped (interrupted) while lowering this statement"},
		{"compiling, SIGTERM", []string{"check", slow}, syscall.SIGTERM, "",
			"slow.csp:2:1: compiling stopped (interrupted) while lowering this statement"},
		{"compare", []string{"compare", pigeons}, syscall.SIGINT, "interrupted (0 found)",
			"csp: interrupted: 0 of the 7 settings compared"},
		{"the solver's filtering, SIGTERM", []string{"solve", crt}, syscall.SIGTERM, "", "interrupted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runSignalled(t, c.args, c.sig)
			if code != exitLimit || !strings.Contains(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, want %d\n--- stdout\n%s--- want it to hold %q\n--- stderr\n%s--- want it to hold %q", code, exitLimit, stdout, c.stdout, stderr, c.stderr)
			}
		})
	}
}
