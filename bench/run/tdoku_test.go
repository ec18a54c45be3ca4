package main

import (
	"testing"
	"time"
)

// tdoku's driver reports its own solving time on stderr; a run that
// failed keeps its status.
func TestTdokuResult(t *testing.T) {
	res := tdokuResult(outcome{stderr: []byte("tdoku solve_s=0.186250 puzzles=49151\n"), wall: time.Second})
	if !res.ok() || !res.hasSolve || res.solve != 186250*time.Microsecond || res.nodes != -1 {
		t.Errorf("%+v", res)
	}
	res = tdokuResult(outcome{exit: 2, stderr: []byte("usage: tdoku_solve [-j N] [-c LIMIT] < puzzles\n")})
	if res.ok() || res.hasSolve {
		t.Errorf("a failed run: %+v", res)
	}
}

// Without the source, tdoku is skipped with a reason, never built.
func TestTdokuMissing(t *testing.T) {
	t.Setenv("TDOKU_DIR", t.TempDir())
	cfg := defaultConfig()
	if bin, _, err := buildTdoku(&cfg, t.TempDir()); err == nil || bin != "" {
		t.Errorf("built %q from an empty directory", bin)
	}
}
