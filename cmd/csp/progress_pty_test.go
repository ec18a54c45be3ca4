//go:build linux || darwin

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/creack/pty"
)

// liveSolutions is a progress line whose solution total is not zero.
var liveSolutions = regexp.MustCompile(`searching: [0-9.kMG]+ nodes, [1-9][0-9.kMG]* solutions`)

// On a terminal, the progress line of a parallel count shows the running
// total: the workers' subproblems of 30-queens take far longer than the
// test, so a total summed from finished subproblems alone would stay 0.
func TestProgressLineOfAParallelCount(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cmd := exec.Command(cspBinary(t), "solve", "models/queens.csp", "-p", "n=30", "--count", "--workers", "2")
	screen := startInTerminal(t, cmd)
	if !screen.waitForMatch(liveSolutions, 2*time.Minute) {
		t.Fatalf("no progress line with solutions; the screen shows:\n%q", screen.String())
	}
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); cmd.ProcessState.ExitCode() != exitLimit {
		t.Errorf("exit %v, want %d after Ctrl-C", err, exitLimit)
	}
}

// The REPL's :count shows the same line, and erases it before its answer:
// with colour off, and on (where the session's own complaints go through
// a writer that paints them, which is no terminal: the line was lost).
func TestProgressLineOfREPLCount(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	for _, term := range []string{"dumb", "xterm-256color"} {
		t.Run(term, func(t *testing.T) {
			cmd := exec.Command(cspBinary(t), "repl", "--no-history")
			cmd.Env = append(withoutColourSettings(os.Environ()), "TERM="+term)
			screen := startInTerminal(t, cmd)
			for _, line := range []string{"var q[1..30] in 1..30", "alldiff(q)", "diagonal(q)", ":count"} {
				screen.term.WriteString(line + "\r")
			}
			if !screen.waitForMatch(liveSolutions, 2*time.Minute) {
				t.Fatalf("no progress line with solutions; the screen shows:\n%q", screen.String())
			}
			screen.term.WriteString("\x03")
			if !screen.waitFor("\r\x1b[Kstopped: ", 2*time.Minute) {
				t.Fatalf("Ctrl-C did not stop the count after erasing the line; the screen shows:\n%q", screen.String())
			}
			screen.term.WriteString(":quit\r")
			if err := cmd.Wait(); err != nil {
				t.Errorf("csp repl: %v", err)
			}
		})
	}
}

// terminalScreen is a process on a pseudo-terminal and what it shows.
type terminalScreen struct {
	screenText
	term *os.File
}

// startInTerminal starts cmd on a terminal, with TERM=dumb unless cmd.Env
// is set.
func startInTerminal(t *testing.T, cmd *exec.Cmd) *terminalScreen {
	t.Helper()
	if cmd.Env == nil {
		cmd.Env = append(os.Environ(), "TERM=dumb")
	}
	term, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		term.Close()
	})
	s := &terminalScreen{term: term}
	go s.copyFrom(term)
	return s
}

// waitForMatch waits until re matches what the screen shows.
func (o *screenText) waitForMatch(re *regexp.Regexp, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if re.MatchString(o.String()) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// On a terminal, "no solution" comes with a hint that --explain exists;
// piped (the goldens), it does not.
func TestNoSolutionHintOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	model := filepath.Join(t.TempDir(), "none.csp")
	if err := os.WriteFile(model, []byte("var x in 1..3\nx > 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cspBinary(t), "solve", model)
	screen := startInTerminal(t, cmd)
	if !screen.waitFor("no solution", 2*time.Minute) || !screen.waitFor("--explain names", 2*time.Minute) {
		t.Fatalf("no hint of --explain; the screen shows:\n%q", screen.String())
	}
	if err := cmd.Wait(); cmd.ProcessState.ExitCode() != exitUnsat {
		t.Errorf("exit %v, want %d", err, exitUnsat)
	}
}
