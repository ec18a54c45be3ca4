//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/limits"
)

// csp solve --explain stops on Ctrl-C and SIGTERM as a search does (issue
// 11, item 13), even when it was started with SIGINT ignored (as from a
// shell script run in the background). The command runs in a child
// process, this test binary re-run as csp; SIGINT is ignored in it until
// csp's handler catches it, which /proc/PID/status shows, so the signal is
// sent only once the handler is in place.
func TestExplainSignals(t *testing.T) {
	dir := t.TempDir()
	// 13 values in 12 holes: each check is far too long for the test.
	hard := "var x[1..13] in 1..12\nforall i, j in 1..13 where i < j: x[i] != x[j]\n"
	write := fileWriter(t, dir)
	hardFile := write("hard.csp", hard)
	// Proven unsatisfiable at once, then a long check without x[1] = 0.
	provenFile := write("proven.csp", hard+"x[1] = 0\n")
	cases := []struct {
		name   string
		sig    syscall.Signal
		file   string
		json   bool
		code   int
		stdout string
		stderr string
	}{
		{"int-before-proof", syscall.SIGINT, hardFile, false, exitLimit,
			"", "csp: interrupted: the model was not proven unsatisfiable\n"},
		{"term-before-proof", syscall.SIGTERM, hardFile, false, exitLimit,
			"", "csp: interrupted: the model was not proven unsatisfiable\n"},
		{"int-before-proof-json", syscall.SIGINT, hardFile, true, exitLimit,
			`{"type":"explanation","status":"unknown","stopped":"interrupted","conflict":null}` + "\n",
			"csp: interrupted: the model was not proven unsatisfiable\n"},
		{"int-after-proof", syscall.SIGINT, provenFile, false, exitUnsat,
			"no solution: these 79 statements already have none (the explanation was stopped, so the set may not be minimal):\n",
			"csp: interrupted: the set of statements may not be minimal\n"},
		{"int-after-proof-json", syscall.SIGINT, provenFile, true, exitUnsat,
			`{"type":"explanation","status":"unsatisfiable","minimal":false,"stopped":"interrupted",`,
			"csp: interrupted: the set of statements may not be minimal\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"solve", c.file, "--explain", "--timeout", "10m"}
			if c.json {
				args = append(args, "--json")
			}
			code, stdout, stderr := runSignalled(t, args, c.sig)
			if code != c.code || !strings.HasPrefix(stdout, c.stdout) || stderr != c.stderr {
				t.Errorf("exit %d, want %d\n--- stdout\n%s--- want it to start with\n%s--- stderr\n%s--- want\n%s", code, c.code, stdout, c.stdout, stderr, c.stderr)
			}
		})
	}
}

// runSignalled runs csp with args in a child process started with SIGINT
// ignored, sends it sig once its handler is in place and its work is
// under way (underway's first call, which the child tells through a pipe:
// a search's first progress report, past the proof for proven.csp whose
// checks after it are long; compiling's first check for a stop),
// and returns what it printed and its exit status.
func runSignalled(t *testing.T, args []string, sig syscall.Signal) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestExplainSignalsChild$")
	cmd.Dir = filepath.Join("cmd", "csp") // where go test runs it
	cmd.Env = append(os.Environ(), "CSP_EXPLAIN_CHILD="+strings.Join(args, "\n"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	underway, tell, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer underway.Close()
	cmd.ExtraFiles = []*os.File{tell} // the child's fd 3
	signal.Ignore(os.Interrupt)       // inherited by the child
	err = cmd.Start()
	signal.Reset(os.Interrupt)
	tell.Close()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	reported := make(chan bool, 1)
	go func() {
		_, err := underway.Read(make([]byte, 1))
		reported <- err == nil
	}()
	fail := func(format string, a ...any) {
		cmd.Process.Kill()
		<-done
		t.Fatalf("csp %s "+format+"\n%s%s", append(append([]any{strings.Join(args, " ")}, a...), stdout.String(), stderr.String())...)
	}
	select {
	case ok := <-reported:
		if !ok {
			<-done
			t.Fatalf("csp ended before its work was under way: %v\n%s%s", cmd.ProcessState, stdout.String(), stderr.String())
		}
	case <-time.After(2 * time.Minute): // a hang, not a slow machine
		fail("made no progress report in 2 minutes")
	}
	if !catches(cmd.Process.Pid, syscall.SIGINT) {
		fail("searches without a handler of SIGINT")
	}
	cmd.Process.Signal(sig)
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		fail("went on for 2 minutes after %v", sig)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// catches reports whether process pid has a handler for sig.
func catches(pid int, sig syscall.Signal) bool {
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(status), "\n") {
		if mask, ok := strings.CutPrefix(line, "SigCgt:"); ok {
			bits, err := strconv.ParseUint(strings.TrimSpace(mask), 16, 64)
			return err == nil && bits&(1<<(sig-1)) != 0
		}
	}
	return false
}

// TestExplainSignalsChild is csp in the child process of runSignalled.
func TestExplainSignalsChild(t *testing.T) {
	args := os.Getenv("CSP_EXPLAIN_CHILD")
	if args == "" {
		t.Skip("run by TestExplainSignals")
	}
	underway := os.NewFile(3, "underway")
	limits.TestHookUnderway = func() {
		if underway != nil {
			underway.Write([]byte{1})
			underway.Close()
			underway = nil
		}
	}
	os.Exit(run(strings.Split(args, "\n"), strings.NewReader(""), os.Stdout, os.Stderr))
}
