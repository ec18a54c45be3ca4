package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runCSP runs the csp of this checkout in process and returns its exit
// status, stdout and stderr.
func runCSP(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// splitJobs writes the jobs of a split of model into dir/jobs.txt.
func splitJobs(t *testing.T, dir string, jobs int, args ...string) string {
	t.Helper()
	code, out, errs := runCSP(append([]string{"split", "--jobs", fmt.Sprint(jobs)}, args...)...)
	if code != exitSolved {
		t.Fatalf("csp split: exit %d: %s", code, errs)
	}
	path := filepath.Join(dir, "jobs.txt")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Each job solved on its own and merged gives the count, the solutions
// and the optimum of one search, under each propagation level.
func TestSplitSolveMerge(t *testing.T) {
	cases := []struct {
		name  string
		model []string
		flags []string
		want  string
	}{
		{"count", []string{"models/queens.csp", "-p", "n=8"}, []string{"--count"}, "92\n"},
		{"count fc", []string{"models/queens.csp", "-p", "n=8", "--prop", "fc"}, []string{"--count"}, "92\n"},
		{"no solution", []string{"models/queens.csp", "-p", "n=3"}, []string{"--count"}, "0\n"},
		{"all, in the search's order", []string{"models/queens.csp", "-p", "n=6", "--order", "input", "--values", "min"}, []string{"-a"}, ""},
		{"optimum", []string{"examples/knapsack.csp"}, nil, ""},
		{"unsatisfiable", []string{"models/queens.csp", "-p", "n=3", "--prop", "fc"}, []string{"-a"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			jobs := splitJobs(t, dir, 9, c.model...)
			var outputs bytes.Buffer
			n := strings.Count(readFile(t, jobs), "\n")
			for k := n; k >= 1; k-- { // any order
				args := append(append(append([]string{"solve"}, c.model...), c.flags...), "--json", "--workers", "1", "--job", fmt.Sprintf("%s:%d", jobs, k))
				_, out, errs := runCSP(args...)
				if strings.Contains(errs, "csp solve:") {
					t.Fatalf("job %d: %s", k, errs)
				}
				outputs.WriteString(out)
			}
			// What one search prints, on one worker.
			var one bytes.Buffer
			args := append(append(append([]string{"solve"}, c.model...), c.flags...), "--workers", "1")
			wantCode := run(args, strings.NewReader(""), &one, io.Discard)
			want := optimumTail(one.String())
			if c.want != "" && want != c.want {
				t.Fatalf("csp solve printed %q, want %q", want, c.want)
			}
			// --each solves every job of the split in one process (on one
			// worker, so that -a keeps the search's order).
			var each, eachErr bytes.Buffer
			args = append(append(append([]string{"solve"}, c.model...), c.flags...), "--workers", "1", "--each", jobs)
			code := run(args, strings.NewReader(""), &each, &eachErr)
			// The improving solutions before the optimum differ.
			eachOut := optimumTail(each.String())
			if code != wantCode || eachOut != want {
				t.Fatalf("--each %s: exit %d, %q, %s; want exit %d, %q", jobs, code, eachOut, eachErr.String(), wantCode, want)
			}
			var got, errb bytes.Buffer
			code = run([]string{"merge"}, &outputs, &got, &errb)
			if optimumTail(got.String()) != want || errb.Len() > 0 || code != wantCode {
				t.Fatalf("merge: exit %d, %q, stderr %q; want %q, exit %d", code, got.String(), errb.String(), want, wantCode)
			}
		})
	}
}

// optimumTail is the end of an optimisation's output from its last
// "objective =" line: the improving solutions before the optimum, and
// which of several optimal solutions comes, depend on the workers.
func optimumTail(out string) string {
	if i := strings.LastIndex(out, "objective = "); i >= 0 {
		return out[i:]
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// GNU parallel runs the jobs of a split count of 12-queens; the merged
// count is --count's. A job that failed makes the merged answer
// incomplete, with exit status 3, naming it.
func TestSplitThroughGNUParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs csp as a process under GNU parallel")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian: apt-get install parallel)")
	}
	csp := cspBinary(t)
	dir := t.TempDir()
	model := []string{"models/queens.csp", "-p", "n=12"}
	jobs := splitJobs(t, dir, 40, model...)
	out := filepath.Join(dir, "out.jsonl")
	script := fmt.Sprintf("seq 40 | parallel -j 2 %s solve %s --count --json --workers 1 --job %s:{} > %s",
		csp, strings.Join(model, " "), jobs, out)
	// parallel's exit status counts the jobs that exited non-zero, and a
	// job whose part has no solution exits 1: merge is the judge.
	if b, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Logf("%s: %v (jobs without a solution exit 1)\n%s", script, err, b)
	}
	code, got, errs := runCSP("merge", out)
	if code != exitSolved || got != "14200\n" {
		t.Fatalf("merge: exit %d, %q, %s; want 14200", code, got, errs)
	}
	// Job 7's output lost, as when its machine died.
	var kept []string
	for _, line := range strings.Split(strings.TrimSpace(readFile(t, out)), "\n") {
		if !strings.Contains(line, `"job":7,`) {
			kept = append(kept, line)
		}
	}
	if err := os.WriteFile(out, []byte(strings.Join(kept, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, errs = runCSP("merge", "--json", out)
	if code != exitLimit || !strings.Contains(errs, "job 7: no answer") || !strings.Contains(got, `"complete":false`) {
		t.Fatalf("merge without job 7: exit %d, %q, %q", code, got, errs)
	}
}
