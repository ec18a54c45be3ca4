package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
)

// runCSPProcess runs the csp binary (its heap its own, for --max-memory)
// and returns its exit status, stdout and stderr.
func runCSPProcess(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(cspBinary(t), args...)
	cmd.Dir = dir
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// A split whose cut does not fit --max-memory stops with the limit's
// message and status, writing no job, instead of growing: here ten
// million solutions above the cut, one subproblem each (trying the values
// one by one: the default splits so wide a domain, and its cut is small).
// (Before, csp split had no memory guard at all.)
func TestSplitMaxMemory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "wide.csp"), []byte("var x in 1..10000000\n"), 0o644)
	code, out, errs := runCSPProcess(t, dir, "split", "wide.csp", "--values", "min", "--jobs", "10", "--max-memory", "50M")
	if code != exitLimit || out != "" || errs != "csp split: the split used more than 50 MB (--max-memory); no job written\n" {
		t.Fatalf("exit %d, stdout %.100q, stderr %q", code, out, errs)
	}
}

// The job lines of a split near the right spine of a PropAC search: each
// path after the first of a line gives the steps it keeps of the one
// before, so that 100-queens in input order takes a few MB (49 MB when
// every path was written whole, the square of the paths of a line; a
// run of x != v steps on one variable is one string, q[1]!=5,4,6); the
// same jobs written whole, as csp split wrote them before, still solve,
// to the same count and statistics.
func TestSplitLinesShareSteps(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCSP("split", "models/queens.csp", "-p", "n=100", "--order", "input", "--jobs", "1000")
	if code != exitSolved || len(out) > 8<<20 || !strings.Contains(errs, "1000 jobs, 2944 subproblems") {
		t.Fatalf("exit %d, %d bytes, stderr %q", code, len(out), errs)
	}

	compact := splitJobs(t, dir, 40, "models/queens.csp", "-p", "n=9", "--order", "input")
	data, _ := os.ReadFile(compact)
	if !strings.Contains(string(data), `,[1,"q[1]!=`) || !strings.Contains(string(data), `"q[1]!=5,4,6,3"`) {
		t.Fatalf("no path keeps steps of the one before:\n%.300s", data)
	}
	var whole strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		l, err := jobs.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		var paths [][]string
		var before []string
		for _, p := range l.Paths {
			full := append([]string(nil), before[:p.Keep]...)
			for _, step := range p.Steps { // q[1]!=3,4: q[1]!=3 then q[1]!=4
				name, values, _ := strings.Cut(step, "!=")
				for _, v := range strings.Split(values, ",") {
					if v == values {
						full = append(full, step)
					} else {
						full = append(full, name+"!="+v)
					}
				}
			}
			paths, before = append(paths, full), full
		}
		b, _ := json.Marshal(map[string]any{"job": l.Job, "jobs": l.Jobs, "model": l.Model, "paths": paths})
		whole.Write(append(b, '\n'))
	}
	wholePath := filepath.Join(dir, "whole.txt")
	os.WriteFile(wholePath, []byte(whole.String()), 0o644)
	if whole.Len() < len(data)*3/2 {
		t.Fatalf("the whole paths take %d bytes, the shared ones %d", whole.Len(), len(data))
	}
	counts := func(file string) string {
		code, out, errs := runCSP("solve", "models/queens.csp", "-p", "n=9", "--count", "--each", file, "--workers", "1", "--stats")
		if code != exitSolved {
			t.Fatalf("--each %s: exit %d: %s", file, code, errs)
		}
		var keep []string
		for _, l := range strings.Split(errs, "\n") {
			if strings.HasPrefix(l, "nodes") || strings.HasPrefix(l, "failures") || strings.HasPrefix(l, "propagations") {
				keep = append(keep, l)
			}
		}
		return out + strings.Join(keep, "\n")
	}
	a, b := counts(compact), counts(wholePath)
	if a != b || !strings.HasPrefix(a, "352\n") {
		t.Fatalf("shared steps:\n%s\nwhole paths:\n%s", a, b)
	}
}

// --each reads a split file a line at a time into the tree of paths, the
// heap checked after each line: past --max-memory it stops with the
// limit's status. Here 4000 paths of 200 steps that share nothing.
func TestEachJobsMaxMemory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "m.csp"), []byte("var x[1..200] in 1..5000\n"), 0o644)
	code, out, errs := runCSPProcess(t, dir, "split", "m.csp", "--jobs", "1")
	var first jobs.Line
	if code != exitSolved || json.Unmarshal([]byte(out), &first) != nil {
		t.Fatalf("csp split: exit %d: %s %s", code, out, errs)
	}
	var b strings.Builder
	for job := 1; job <= 4; job++ {
		fmt.Fprintf(&b, `{"job":%d,"jobs":4,"model":%q,"paths":[`, job, first.Model)
		for i := range 1000 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `["x[1]=%d"`, (job-1)*1000+i+1)
			for k := 2; k <= 200; k++ {
				fmt.Fprintf(&b, `,"x[%d]=1"`, k)
			}
			b.WriteByte(']')
		}
		b.WriteString("]}\n")
	}
	os.WriteFile(filepath.Join(dir, "jobs.txt"), []byte(b.String()), 0o644)
	code, _, errs = runCSPProcess(t, dir, "solve", "m.csp", "--count", "--each", "jobs.txt", "--max-memory", "12M")
	want := "reading the jobs took the heap past 12 MB, the memory limit (--max-memory)"
	if code != exitLimit || !strings.Contains(errs, want) {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	code, out, errs = runCSPProcess(t, dir, "solve", "m.csp", "--count", "--each", "jobs.txt")
	if code != exitSolved || out != "4000\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// csp merge keeps the solutions of every job until it prints them in job
// order: past --max-memory it stops with the limit's status instead of
// growing, and within it prints them all.
func TestMergeMaxMemory(t *testing.T) {
	dir := t.TempDir()
	jobs := splitJobs(t, dir, 1, "models/queens.csp", "-p", "n=10")
	code, out, errs := runCSP("solve", "models/queens.csp", "-p", "n=10", "-a", "--json", "--job", jobs+":1")
	if code != exitSolved {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sols, rest []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(l, `"type":"solution"`) {
			sols = append(sols, l)
		} else {
			rest = append(rest, l)
		}
	}
	var b strings.Builder
	for range 40 { // 28,960 solution lines, 16 MB
		b.WriteString(strings.Join(sols, "\n") + "\n")
	}
	b.WriteString(strings.Join(rest, "\n") + "\n")
	os.WriteFile(filepath.Join(dir, "out.jsonl"), []byte(b.String()), 0o644)
	code, out, errs = runCSPProcess(t, dir, "merge", "out.jsonl", "--max-memory", "8M")
	if code != exitLimit || out != "" || !strings.Contains(errs, "reading the answers took the heap past 8 MB, the memory limit (--max-memory)") {
		t.Fatalf("exit %d, %d bytes out, stderr %q", code, len(out), errs)
	}
	code, out, errs = runCSPProcess(t, dir, "merge", "out.jsonl")
	if code != exitSolved || strings.Count(out, "\n\n") != 40*724-1 {
		t.Fatalf("exit %d, %d solutions, stderr %q", code, strings.Count(out, "\n\n")+1, errs)
	}
}
