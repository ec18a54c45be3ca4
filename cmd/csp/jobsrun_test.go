package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// timeMS is the time field of a solution line, which differs run to run.
var timeMS = regexp.MustCompile(`"time_ms":[0-9.e+-]+`)

// Several jobs in one process (--job FILE:K-L, --job FILE) answer line for
// line as the same jobs each in a process of their own, and merge puts
// them together as one search: counts, every solution, an optimum, none.
func TestSeveralJobsInOneProcess(t *testing.T) {
	cases := []struct {
		name  string
		model []string
		flags []string
	}{
		{"count", []string{"models/queens.csp", "-p", "n=8"}, []string{"--count"}},
		{"all", []string{"models/queens.csp", "-p", "n=6", "--order", "input", "--values", "min"}, []string{"-a"}},
		{"optimum", []string{"examples/knapsack.csp"}, nil},
		{"unsatisfiable", []string{"models/queens.csp", "-p", "n=3", "--prop", "fc"}, []string{"-a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			jobs := splitJobs(t, dir, 9, c.model...)
			lines := strings.SplitAfter(strings.TrimSpace(readFile(t, jobs)), "\n")
			n := len(lines)
			solve := func(job string) (int, string) {
				args := append(append(append([]string{"solve"}, c.model...), c.flags...), "--json", "--workers", "1", "--job", job)
				code, out, errs := runCSP(args...)
				if strings.Contains(errs, "csp solve:") {
					t.Fatalf("--job %s: %s", job, errs)
				}
				return code, timeMS.ReplaceAllString(out, `"time_ms":0`)
			}
			var alone strings.Builder
			anySolved := false
			for k := 1; k <= n; k++ {
				code, out := solve(fmt.Sprintf("%s:%d", jobs, k))
				alone.WriteString(out)
				anySolved = anySolved || code == exitSolved
			}
			wantCode := exitUnsat
			if anySolved {
				wantCode = exitSolved
			}
			code, all := solve(fmt.Sprintf("%s:1-%d", jobs, n))
			if all != alone.String() || code != wantCode {
				t.Fatalf("--job %s:1-%d: exit %d\n%s\nwant exit %d\n%s", jobs, n, code, all, wantCode, alone.String())
			}
			// Two slices of the file, as GNU parallel --pipe cuts it (a
			// search with no solution may make one job only).
			parts := [][]string{lines[:n/2], lines[n/2:]}
			if n < 2 {
				parts = parts[1:]
			}
			var sliced strings.Builder
			for i, part := range parts {
				path := filepath.Join(dir, fmt.Sprintf("slice%d.txt", i))
				if err := os.WriteFile(path, []byte(strings.Join(part, "")), 0o644); err != nil {
					t.Fatal(err)
				}
				_, out := solve(path)
				sliced.WriteString(out)
			}
			if sliced.String() != alone.String() {
				t.Fatalf("--job on two slices:\n%s\nwant\n%s", sliced.String(), alone.String())
			}
			code, merged, errs := runCSP("merge", writeTemp(t, dir, "all.jsonl", all))
			_, mergedAlone, _ := runCSP("merge", writeTemp(t, dir, "alone.jsonl", alone.String()))
			if merged != mergedAlone || code != wantCode || errs != "" {
				t.Fatalf("merge: exit %d, %q, %q; want %q", code, merged, errs, mergedAlone)
			}
		})
	}
}

func writeTemp(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// GNU parallel --pipe hands each csp a slice of a split of 12-queens; the
// merged count is --count's.
func TestSplitChunksThroughGNUParallel(t *testing.T) {
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
	script := fmt.Sprintf("parallel --pipe -N 7 -j 2 --cat %s solve %s --count --json --workers 1 --job {} < %s > %s",
		csp, strings.Join(model, " "), jobs, out)
	if b, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, b)
	}
	if n := strings.Count(readFile(t, out), `"type":"status"`); n != 40 {
		t.Fatalf("%d status lines, want one for each of 40 jobs", n)
	}
	code, got, errs := runCSP("merge", out)
	if code != exitSolved || got != "14200\n" {
		t.Fatalf("merge: exit %d, %q, %s; want 14200", code, got, errs)
	}
}

// SIGTERM (a Slurm time limit) or Ctrl-C stops every job of --job FILE,
// not only the one searching: the others are named as not searched and
// the exit status is 3.
func TestSeveralJobsStopOnSignal(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("sends SIGTERM to csp run as a process for a few seconds")
	}
	dir := t.TempDir()
	model := []string{"models/queens.csp", "-p", "n=17", "--prop", "fc"}
	jobs := splitJobs(t, dir, 4, model...)
	args := append(append([]string{"solve"}, model...), "--count", "--json", "--progress", "--workers", "1", "--job", jobs)
	cmd := exec.Command(cspBinary(t), args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() && !strings.Contains(lines.Text(), `"type":"progress"`) {
	}
	// The first job is searching (it reported progress): stop it.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	killed := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() }) // a hang, not a slow machine
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	cmd.Wait()
	if !killed.Stop() {
		t.Fatalf("still running 2 minutes after SIGTERM:\n%s", rest.String())
	}
	if code := cmd.ProcessState.ExitCode(); code != exitLimit {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitLimit, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted: jobs 2-4 not searched") {
		t.Fatalf("stderr does not name the jobs left:\n%s", stderr.String())
	}
	if strings.Contains(rest.String(), `"job":2`) {
		t.Fatalf("job 2 was searched after SIGTERM:\n%s", rest.String())
	}
}
