package output

import (
	"testing"
	"time"

	"github.com/csp-lang/csp/engine"
)

func TestProgressText(t *testing.T) {
	st := statsOf(1_234_567, 42)
	if got, want := progressText(st, 2500*time.Millisecond, nil), "searching: 1.2M nodes, 42 solutions, 493k nodes/s, 2s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	best := int64(930)
	if got, want := progressText(st, 2500*time.Millisecond, &best), "searching: 1.2M nodes, 42 solutions, 493k nodes/s, 2s, best 930"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func statsOf(nodes, solutions int64) engine.Stats {
	return engine.Stats{Nodes: nodes, Solutions: solutions}
}
