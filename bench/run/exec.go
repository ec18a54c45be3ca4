package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// outcome is one process run.
type outcome struct {
	stdout, stderr []byte
	wall           time.Duration // from start to exit, end to end
	rssKB          int64         // peak resident set of the process and its waited-for children
	cpu            time.Duration // user + system time, the same processes
	exit           int           // exit status; -1 when killed by a signal
	timedOut       bool
	err            error // the process could not start
}

// measureBin is bench/measure's helper when it could be built: it starts
// each command and reports its own wall time, CPU time and peak memory.
// Without it the peak memory includes the runner's (see measure.c).
var (
	measureBin string
	measureDir string
	measureSeq atomic.Int64
	running    atomic.Int64 // process group of the command being run, for signals
)

// execute runs name with args in dir, killing its whole process group after
// timeout.
func execute(dir string, timeout time.Duration, name string, args ...string) outcome {
	report := ""
	if measureBin != "" {
		report = filepath.Join(measureDir, fmt.Sprintf("m%d", measureSeq.Add(1)))
		args = append([]string{report, name}, args...)
		name = measureBin
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return outcome{err: err, exit: -1}
	}
	running.Store(int64(cmd.Process.Pid))
	defer running.Store(0)
	var killed atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		killed.Store(true)
		killTree(cmd.Process.Pid)
	})
	err := cmd.Wait()
	wall := time.Since(start)
	timer.Stop()
	// Leave nothing behind in the process group.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	o := outcome{stdout: so.Bytes(), stderr: se.Bytes(), wall: wall, timedOut: killed.Load(), exit: -1}
	if st := cmd.ProcessState; st != nil {
		o.exit = st.ExitCode()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			o.rssKB = ru.Maxrss
			o.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		o.err = err
	}
	if report != "" {
		// wall_ns user_ns sys_ns maxrss_kb status, written when the command ended
		if b, err := os.ReadFile(report); err == nil {
			var wall, user, sys, rss int64
			var status int
			if n, _ := fmt.Sscan(string(b), &wall, &user, &sys, &rss, &status); n == 5 {
				o.wall, o.cpu, o.rssKB = time.Duration(wall), time.Duration(user+sys), rss
				if status >= 128 {
					status = -1
				}
				o.exit = status
			}
			os.Remove(report)
		}
	}
	return o
}

// setupMeasure builds the measuring helper into dir with the C compiler,
// if there is one.
func setupMeasure(root, dir string) error {
	cc, err := exec.LookPath("cc")
	if err != nil {
		return fmt.Errorf("no C compiler")
	}
	bin := filepath.Join(dir, "measure")
	out, err := exec.Command(cc, "-O2", "-o", bin, filepath.Join(root, "bench", "measure", "measure.c")).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	measureBin, measureDir = bin, dir
	return nil
}

// killRunning stops the command being run (on Ctrl-C).
func killRunning() {
	if pid := running.Load(); pid > 0 {
		killTree(int(pid))
	}
}

// killTree kills pid's process group and every descendant of pid: MiniZinc
// starts its solver in a process group of its own.
func killTree(pid int) {
	pids := append(descendants(pid), pid)
	syscall.Kill(-pid, syscall.SIGKILL)
	for _, p := range pids {
		syscall.Kill(p, syscall.SIGKILL)
	}
}

// descendants lists the processes below pid, from /proc.
func descendants(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if pp, err := strconv.Atoi(f[1]); err == nil {
			children[pp] = append(children[pp], p)
		}
	}
	var out []int
	stack := []int{pid}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range children[p] {
			out = append(out, c)
			stack = append(stack, c)
		}
	}
	return out
}

// outOfMemory tells whether a failed run ran out of memory (the address
// space limit, or the kernel).
func (o outcome) outOfMemory() bool {
	s := strings.ToLower(string(o.stderr))
	for _, w := range []string{"out of memory", "bad_alloc", "cannot allocate", "memory exhausted"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// limitMemory caps the address space of this process, and so of every
// solver it starts (children inherit the limit).
func limitMemory(mb int) error {
	if mb <= 0 {
		return nil
	}
	lim := &syscall.Rlimit{Cur: uint64(mb) << 20, Max: uint64(mb) << 20}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err == nil && old.Max < lim.Max {
		lim.Cur, lim.Max = old.Max, old.Max
	}
	return syscall.Setrlimit(syscall.RLIMIT_AS, lim)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
