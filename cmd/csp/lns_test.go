package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// With LNS beside the complete search (--lns, the default on two
// workers), each solution printed is better than the one before, and
// the run ends when the complete search does, with the proven optimum:
// la03, whose search runs past the probe, so that LNS takes part.
func TestLNSImprovesThenProves(t *testing.T) {
	for _, workers := range []string{"1", "2"} {
		out, _ := solveOut(t, "examples/jobshop-ft06.csp", "bench/data/jobshop/la03.csp", "--json", "--lns", "--workers", workers)
		var objs []int64
		status := ""
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var l struct {
				Type      string `json:"type"`
				Status    string `json:"status"`
				Objective *int64 `json:"objective"`
			}
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			switch l.Type {
			case "solution":
				objs = append(objs, *l.Objective)
			case "status":
				status = l.Status
			}
		}
		for i := 1; i < len(objs); i++ {
			if objs[i] >= objs[i-1] {
				t.Errorf("--workers %s: makespan %d printed after %d", workers, objs[i], objs[i-1])
			}
		}
		if status != "optimal" || len(objs) == 0 || objs[len(objs)-1] != 597 {
			t.Errorf("--workers %s: status %q, makespans %v; want optimal 597", workers, status, objs)
		}
	}
}

// On one worker the turns of LNS and the complete search are counted in
// nodes, and LNS draws from --seed: the same seed, the same run.
func TestLNSSeedReproducible(t *testing.T) {
	args := []string{"examples/jobshop-ft06.csp", "bench/data/jobshop/la03.csp", "--lns", "--workers", "1", "-s", "--seed", "3"}
	first, firstStats := solveOut(t, args...)
	again, againStats := solveOut(t, args...)
	if first != again || nodesOf(t, firstStats) != nodesOf(t, againStats) {
		t.Errorf("--seed 3 twice: %s and %s nodes, outputs equal: %v", nodesOf(t, firstStats), nodesOf(t, againStats), first == again)
	}
}
