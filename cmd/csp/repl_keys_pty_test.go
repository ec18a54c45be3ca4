//go:build linux || darwin

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// A REPL on a pseudo-terminal, for the tests that type keys into it.
type ptyREPL struct {
	t      *testing.T
	cmd    *exec.Cmd
	term   *os.File
	screen *screenText
}

// startREPL runs csp repl in dir with env added to the environment.
func startREPL(t *testing.T, dir string, env []string, args ...string) *ptyREPL {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cmd := exec.Command(cspBinary(t), append([]string{"repl"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(withoutColourSettings(os.Environ()), env...)
	term, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	r := &ptyREPL{t: t, cmd: cmd, term: term, screen: &screenText{}}
	go r.screen.copyFrom(term)
	t.Cleanup(func() {
		term.Close()
		r.cmd.Process.Kill()
		r.cmd.Wait()
	})
	r.expect("csp")
	return r
}

// withoutColourSettings drops NO_COLOR and TERM, which each test sets.
func withoutColourSettings(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "NO_COLOR=") && !strings.HasPrefix(e, "TERM=") {
			out = append(out, e)
		}
	}
	return out
}

// typeKeys types keys and waits until the screen shows want; it returns
// what the screen showed up to and including want.
func (r *ptyREPL) typeKeys(keys, want string) string {
	r.t.Helper()
	if _, err := r.term.WriteString(keys); err != nil {
		r.t.Fatal(err)
	}
	if want == "" {
		return ""
	}
	return r.expectAfter(keys, want)
}

func (r *ptyREPL) expect(want string) string { r.t.Helper(); return r.expectAfter("", want) }

func (r *ptyREPL) expectAfter(keys, want string) string {
	r.t.Helper()
	deadline := time.Now().Add(2 * time.Minute) // a hang, not a slow machine
	for time.Now().Before(deadline) {
		r.screen.mu.Lock()
		s := r.screen.buf.String()
		if i := strings.Index(s, want); i >= 0 {
			r.screen.buf.Next(i + len(want))
			r.screen.mu.Unlock()
			return s[:i+len(want)]
		}
		r.screen.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	r.t.Fatalf("after typing %q the screen never showed %q; it shows:\n%q", keys, want, r.screen.String())
	return ""
}

// quit leaves the session and waits for the process to end.
func (r *ptyREPL) quit() {
	r.t.Helper()
	r.term.WriteString(":quit\r")
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			r.t.Errorf("csp repl exited with %v", err)
		}
	case <-time.After(2 * time.Minute):
		r.t.Fatal("csp repl did not exit after :quit")
	}
}

// TestREPLCompletionList: f<Tab> lists each word once, and Ctrl-C while
// the list shows, or while one of its words is selected, clears the line.
func TestREPLCompletionList(t *testing.T) {
	r := startREPL(t, t.TempDir(), []string{"TERM=dumb"}, "--no-history")
	shown := r.typeKeys("f\t", "forall")
	if n := strings.Count(shown, "false"); n != 1 {
		t.Errorf("f<Tab> shows false %d times:\n%q", n, shown)
	}
	r.typeKeys("\x03", "^C")
	// Were the f still there, this would read fvar and fail.
	r.typeKeys("var y[1..2] in 5..6\r", "y[2] in 5..6")
	r.typeKeys("f\t", "forall")
	r.typeKeys("\t", "") // select the first word of the list
	r.typeKeys("\x03", "^C")
	r.typeKeys("var z[1..2] in 7..8\r", "z[2] in 7..8")
	r.quit()
}

// TestREPLFileCompletion: :load and :save complete file names.
func TestREPLFileCompletion(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "queens4.csp"), []byte("var q[1..4] in 1..4\nalldiff(q)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := startREPL(t, dir, []string{"TERM=dumb"}, "--no-history")
	r.typeKeys(":load qu\t", "queens4.csp")
	r.typeKeys("\r", "added 2 statements from queens4.csp")
	r.typeKeys(":save mo\t", "models/")
	r.typeKeys("copy.csp\r", "saved 2 statements to models/copy.csp")
	if _, err := os.Stat(filepath.Join(dir, "models", "copy.csp")); err != nil {
		t.Error(err)
	}
	r.quit()
}

// TestREPLMultiLineHistory: a statement typed over several lines comes
// back from the history whole, in the session and in the next one, and
// errors name the statement being typed by its number.
func TestREPLMultiLineHistory(t *testing.T) {
	dir := t.TempDir()
	history := filepath.Join(dir, "history")
	r := startREPL(t, dir, []string{"TERM=dumb"}, "--history", history)
	r.typeKeys("var q[1..4] in 1..4\r", "q[4] in 1..4")
	r.typeKeys("alldiff( # the rows\r", "...  ")
	r.typeKeys("q)\r", "q[4] in 1..4")
	r.typeKeys("\x1b[A", "alldiff( # the rows ⏎ q)") // up: the whole statement
	r.typeKeys("\x03", "^C")
	r.typeKeys("qq > 1\r", `[3]:1:1: unknown name "qq"`)
	r.quit()

	hist, err := os.ReadFile(history)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(hist)), "\n")
	want := []string{"var q[1..4] in 1..4", "alldiff( # the rows ⏎ q)", "qq > 1", ":quit"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("history file has %q, want %q", lines, want)
	}

	r = startREPL(t, dir, []string{"TERM=dumb"}, "--history", history)
	r.typeKeys("var q[1..4] in 1..4\r", "q[4] in 1..4")
	r.typeKeys("\x1b[A\x1b[A\x1b[A\x1b[A", "alldiff( # the rows ⏎ q)")
	shown := r.typeKeys("\r", "csp> ")
	if strings.Contains(shown, "...") || strings.Contains(shown, "[2]:") {
		t.Errorf("the recalled statement was not taken whole:\n%q", shown)
	}
	r.typeKeys(":model\r", "[2] alldiff( # the rows\r\n    q)")
	r.quit()
}
