// Command stoptime measures how soon csp ends after SIGTERM or SIGINT:
// it runs csp solve on the shipped models and on models with wide domains
// or long compiles, sends the signal at random moments, and reports, per
// model, how long the process took to end after it and how it ended. csp
// must end within -max (200 ms) and, when stopped, say so (exit status 3)
// and keep what it found. A signal that comes before csp watches for
// signals (its first milliseconds) ends it as it would any program: the
// "killed" column.
//
//	go run ./bench/stoptime                 # every model, 8 signals each
//	go run ./bench/stoptime -runs 20 -only crt
//	go run ./bench/stoptime -csp /tmp/csp-old
//	go run ./bench/stoptime -cpu             # on a loaded machine
//
// It measures wall-clock time, so it belongs on an idle machine: go test
// checks the same thing deterministically, in units of work
// (engine/poll_test.go), and this tool is the end-to-end check. It also
// reports the CPU time csp spent after the signal, which a loaded
// machine does not stretch; -cpu judges by it. It exits with status 1 if
// a run took longer than -max or ended badly.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"
)

// model is one csp solve run: a file and its arguments.
type model struct {
	name string
	args []string // after "solve"
}

// wide are models whose single steps are long: value-by-value filtering
// of wide domains, long root propagation, long compiles.
var wide = map[string]string{
	"crt.csp": `param divs = [3, 5, 7, 11, 13, 17, 19]
param rems = [2, 3, 2, 5, 7, 1, 4]
var x in 1..16_000_000
forall i in 1..7: x % divs[i] = rems[i]
minimize x
`,
	"squares.csp":  "var x in 0..4095\nvar y in 0..4095\nx * x = y + 1\n",
	"residue.csp":  "var x in 0..999\nvar y in 1..16_000_000\ny % 1000 = x\nmaximize y - 1000 * x\n",
	"lowering.csp": "var x in 0..9\nforall i in 1..3000, j in 1..3000 where i + j < 0: x >= 0\n",
	"pattern.csp":  "var x[1..4001] in 0..1\nregular(x, \"((.*1.*0.*){100}){20}\")\n",
	"queens10000.csp": `param n = 10000
var q[1..n] in 1..n
alldiff(q)
alldiff([q[i] + i for i in 1..n])
alldiff([q[i] - i for i in 1..n])
`,
	"golomb-wide.csp": `param n = 9
var m[1..n] in 0..200000
m[1] = 0
forall i in 1..n-1: m[i] < m[i+1]
alldiff([m[j] - m[i] for i in 1..n, j in 1..n where i < j])
minimize m[n]
`,
}

func main() {
	cspPath := flag.String("csp", "", "the csp binary (default: built from this checkout)")
	runs := flag.Int("runs", 8, "signals per model")
	seed := flag.Int64("seed", 1, "seed of the random moments")
	maxWait := flag.Duration("max", 200*time.Millisecond, "the longest a run may take to end after the signal")
	only := flag.String("only", "", "only the models whose name matches this regular expression")
	limit := flag.Duration("limit", 3*time.Second, "the latest moment a signal is sent")
	byCPU := flag.Bool("cpu", false, "judge by the CPU time spent after the signal, not the wall-clock time (on a loaded machine)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "stoptime")
	check(err)
	defer os.RemoveAll(dir)
	bin := *cspPath
	if bin == "" {
		bin = filepath.Join(dir, "csp")
		build := exec.Command("go", "build", "-o", bin, "./cmd/csp")
		build.Stderr = os.Stderr
		check(build.Run())
	}
	models := shipped()
	names := make([]string, 0, len(wide))
	for name := range wide {
		names = append(names, name)
	}
	slices.Sort(names)
	wide["table.csp"] = bigTable(200_000)
	names = append(names, "table.csp")
	for _, name := range names {
		path := filepath.Join(dir, name)
		check(os.WriteFile(path, []byte(wide[name]), 0o644))
		models = append(models, model{name: "wide/" + name, args: []string{path}})
	}
	var re *regexp.Regexp
	if *only != "" {
		re = regexp.MustCompile(*only)
	}
	rng := rand.New(rand.NewSource(*seed))
	bad := 0
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("load average: %s", load)
	}
	fmt.Printf("%-34s %8s %5s %8s %7s %9s %9s %9s %9s\n", "model", "natural", "runs", "stopped", "killed", "wait med", "wait max", "cpu med", "cpu max")
	for _, m := range models {
		if re != nil && !re.MatchString(m.name) {
			continue
		}
		natural, naturalCode := run(bin, m)
		span := min(natural, *limit)
		var waits, cpus []time.Duration
		stopped, killed, wrong := 0, 0, ""
		for k := range *runs {
			at := time.Duration(rng.Int63n(int64(span)) + int64(time.Millisecond))
			sig := syscall.SIGTERM
			if k%2 == 1 {
				sig = syscall.SIGINT
			}
			wait, cpu, code, out := runSignalled(bin, m, at, sig)
			if wait >= 0 {
				waits = append(waits, wait)
			}
			if cpu >= 0 {
				cpus = append(cpus, cpu)
			}
			switch {
			case code == -1: // ended by the signal itself, before csp watched for it
				killed++
			case code == 3:
				stopped++
				if !strings.Contains(out, "interrupted") {
					wrong = "exit 3 without saying interrupted"
				}
			case code != 0 && code != 1 && code != naturalCode:
				wrong = fmt.Sprintf("exit %d: %.200s", code, out)
			}
		}
		med, worst := medMax(waits)
		cmed, cworst := medMax(cpus)
		note := ""
		if worst > *maxWait {
			note = fmt.Sprintf("SLOW: more than %v", *maxWait)
			if *byCPU && cworst <= *maxWait {
				note = fmt.Sprintf("slow (%v) but not for its own work", round(worst))
			} else {
				bad++
			}
		}
		if wrong != "" {
			note += " " + wrong
			bad++
		}
		fmt.Printf("%-34s %8s %5d %8d %7d %9s %9s %9s %9s  %s\n", m.name, round(natural), *runs, stopped, killed, round(med), round(worst), round(cmed), round(cworst), note)
	}
	if bad > 0 {
		os.Exit(1)
	}
}

// bigTable is a table constraint of n random rows of three values: its
// param is compiled, then its propagator built by NewSolver.
func bigTable(n int) string {
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	b.WriteString("param T = [\n")
	for range n {
		fmt.Fprintf(&b, "%d %d %d\n", rng.Intn(1000), rng.Intn(1000), rng.Intn(1000))
	}
	b.WriteString("]\nvar x[1..3] in 0..999\ntable(x, T)\nminimize x[1] + x[2] * x[3]\n")
	return b.String()
}

// shipped lists models/*.csp and examples/*.csp, with the data a model
// needs.
func shipped() []model {
	var out []model
	for _, glob := range []string{"models/*.csp", "examples/*.csp"} {
		files, err := filepath.Glob(glob)
		check(err)
		for _, f := range files {
			m := model{name: f, args: []string{f}}
			switch filepath.Base(f) {
			case "sudoku-nxn.csp":
				m.args = append(m.args, "models/data/6x6.csp")
			case "sudoku.csp":
				m.args = append(m.args, "models/data/hardest2012.csp")
			}
			out = append(out, m)
		}
	}
	return out
}

// run runs m to its end (at most 10 s) and returns how long it took and
// its exit status.
func run(bin string, m model) (time.Duration, int) {
	cmd := exec.Command(bin, append([]string{"solve"}, m.args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	check(cmd.Start())
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	return time.Since(start), cmd.ProcessState.ExitCode()
}

// runSignalled runs m, sends sig at the moment at, and returns how long
// the process took to end after it (-1 if it had ended before), the CPU
// time it spent after it, its exit status and its output.
func runSignalled(bin string, m model, at time.Duration, sig syscall.Signal) (time.Duration, time.Duration, int, string) {
	cmd := exec.Command(bin, append([]string{"solve"}, m.args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	check(cmd.Start())
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return -1, -1, cmd.ProcessState.ExitCode(), out.String()
	case <-time.After(at):
	}
	before := cpuSoFar(cmd.Process.Pid)
	sent := time.Now()
	cmd.Process.Signal(sig)
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	wait := time.Since(sent)
	cpu := time.Duration(-1)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && before >= 0 {
		cpu = time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - before
	}
	return wait, cpu, cmd.ProcessState.ExitCode(), out.String()
}

// cpuSoFar is the CPU time process pid has run, summed over its threads
// (/proc/PID/task/*/schedstat, in nanoseconds), or -1.
func cpuSoFar(pid int) time.Duration {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return -1
	}
	var sum time.Duration
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // a thread that ended
		}
		var ns int64
		fmt.Sscan(string(b), &ns)
		sum += time.Duration(ns)
	}
	return sum
}

// medMax returns the median and the largest of ds (sorted in place).
func medMax(ds []time.Duration) (time.Duration, time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[len(ds)-1]
}

func round(d time.Duration) string {
	if d < time.Millisecond {
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "stoptime:", err)
		os.Exit(1)
	}
}
