//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestREPLTerminal drives the real binary through a pseudo-terminal, as a
// person would: tab completion, the continuation prompt, Ctrl-C during a
// long search and a long :explain, and the history file.
func TestREPLTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := cspBinary(t)
	history := filepath.Join(dir, "history")
	cmd := exec.Command(bin, "repl", "--history", history)
	cmd.Env = append(os.Environ(), "TERM=dumb")
	term, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	screen := &screenText{}
	go screen.copyFrom(term)

	type step struct {
		keys string // what is typed
		want string // what the screen must then show
	}
	steps := []step{
		{"", "csp> "},
		{"var q[1..22] in 1..22\r", "... and 2 more"},
		{"alldi\t", "alldiff"}, // completion of a builtin
		{"(q)\r", "csp> "},
		{"diagonal(\r", "...  "}, // an open bracket continues
		{"q)\r", "csp> "},
		{":cou\t", ":count"},  // completion of a command
		{"\r", "searching: "}, // 22-queens has billions of solutions: its progress shows
		{"\x03", "stopped:"},  // and Ctrl-C interrupts the count
		{":reset\r", "the model is empty"},
		{"var x[1..13] in 1..12\r", "csp> "}, // 13 pigeons, 12 holes, pairwise: a long proof
		{"forall i, j in 1..13 where i < j: x[i] != x[j]\r", "csp> "},
		{":explain\r", "explaining: "},
		{"\x03", "interrupted: the model was not proven unsatisfiable"},
		{":quit\r", ""},
	}
	for _, s := range steps {
		term.WriteString(s.keys)
		// The limit is for a hang: a loaded machine may be slow to show.
		if s.want != "" && !screen.waitFor(s.want, 2*time.Minute) {
			t.Fatalf("after typing %q the screen never showed %q; it shows:\n%s", s.keys, s.want, screen.String())
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("csp repl exited with %v", err)
		}
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("csp repl did not exit after :quit")
	}
	hist, err := os.ReadFile(history)
	if err != nil || !strings.Contains(string(hist), "alldiff(q)") {
		t.Errorf("history file %s: %v, contents %q", history, err, hist)
	}
}

// screenText collects what the terminal shows.
type screenText struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *screenText) copyFrom(f *os.File) {
	b := make([]byte, 4096)
	for {
		n, err := f.Read(b)
		o.mu.Lock()
		o.buf.Write(b[:n])
		o.mu.Unlock()
		if err != nil {
			return
		}
	}
}

func (o *screenText) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// waitFor waits until the text appears after what was already matched.
func (o *screenText) waitFor(text string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		o.mu.Lock()
		s := o.buf.String()
		if i := strings.Index(s, text); i >= 0 {
			o.buf.Next(i + len(text))
			o.mu.Unlock()
			return true
		}
		o.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	return false
}
