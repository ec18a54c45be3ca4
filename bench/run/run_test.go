package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestSmoke runs the benchmark in its smoke mode (the smallest sizes, one
// run each) so that the runner keeps building and working. MiniZinc and the
// C baselines are used when they are installed and skipped otherwise.
// Nothing is asserted about time; every answer must still be right.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds csp and runs it: not in -short mode")
	}
	cfg := defaultConfig()
	cfg.Quick, cfg.Reps, cfg.BigReps = true, 1, 1
	cfg.MemLimitMB = 0
	cfg.NoGecode = true // MiniZinc is for benchmarks, never for go test
	cfg.Command = "go test ./bench/run"
	var out, log bytes.Buffer
	cfg.Out, cfg.Log = &out, &log
	rep, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Mismatches) > 0 {
		t.Errorf("wrong answers:\n%s\nlog:\n%s", strings.Join(rep.Mismatches, "\n"), log.String())
	}
	for _, want := range []string{"## Queens: count all solutions", "| queens count n=8 |", "| queens first n=100 |",
		"| model queens |", "| example zebra |", "## Every variant"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report has no %q:\n%s", want, out.String())
		}
	}
	for _, p := range rep.Problems {
		for _, v := range p.variants {
			s := summarize(v)
			if v.solver == "csp" && s.ran && !s.ok {
				t.Errorf("%s: csp %s: %s", p.name, v.name, s.status)
			}
		}
	}
}

func TestCheckQueens(t *testing.T) {
	if msg := checkQueens(8, []byte(`{"q":[1,5,8,6,3,7,2,4]}`)); msg != "" {
		t.Error(msg)
	}
	if msg := checkQueens(8, []byte("1 5 8 6 3 7 4 2")); msg == "" {
		t.Error("an attacked queen was accepted")
	}
	if msg := checkQueens(4, []byte("[2, 4, 1]")); msg == "" {
		t.Error("a short answer was accepted")
	}
}

func TestSudokuCheck(t *testing.T) {
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	puz := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	s := &puzzleSet{n: 9, r: 3, c: 3, puzzles: []string{puz, puz, puz, puz}, unique: true,
		answers: []string{sol, sol, sol, sol}}
	swapped := "435678912672195348198342567859761423426853791713924856961537284287419635345286179"
	var res result
	s.check(&res, []string{sol, "timeout", swapped, "no solution"})
	if res.solved != 1 || res.timeouts != 1 || len(res.wrong) != 2 {
		t.Errorf("solved %d, timeouts %d, wrong %q", res.solved, res.timeouts, res.wrong)
	}
	if !s.valid(puz, sol) || s.valid(puz, swapped) {
		t.Error("valid() is wrong")
	}
	s.unique, s.answers = false, nil
	res = result{}
	s.check(&res, []string{sol, sol, sol, sol})
	if res.solved != 4 || !res.ok() {
		t.Errorf("valid answers of a set without unique solutions: %+v", res)
	}
}

func TestFormat(t *testing.T) {
	for d, want := range map[time.Duration]string{
		420 * time.Microsecond: "0.42 ms", 42 * time.Millisecond: "42.0 ms",
		420 * time.Millisecond: "420 ms", 4200 * time.Millisecond: "4.20 s", 42 * time.Second: "42.0 s",
	} {
		if got := fmtDur(d); got != want {
			t.Errorf("fmtDur(%v) = %q, want %q", d, got, want)
		}
	}
	if got := fmtRatio(0.314); got != "0.31×" {
		t.Errorf("fmtRatio = %q", got)
	}
}
