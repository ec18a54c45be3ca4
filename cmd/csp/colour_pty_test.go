//go:build linux || darwin

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestREPLColour: on a terminal the prompt, errors and the session's
// complaints have colour; with NO_COLOR, TERM=dumb or no TERM they have
// none.
func TestREPLColour(t *testing.T) {
	r := startREPL(t, t.TempDir(), []string{"TERM=xterm-256color"}, "--no-history")
	r.expect("\x1b[1;34mcsp>\x1b[0m ")
	r.typeKeys("var x in 1..3\r", "x in 1..3")
	r.typeKeys("x = y\r", "\x1b[1m[2]:1:5:\x1b[0m \x1b[1munknown name \"y\"\x1b[0m")
	r.expect("        \x1b[1;31m^\x1b[0m")
	r.typeKeys(":frob\r", "\x1b[31munknown command :frob")
	r.typeKeys(":solve\r", "\r\nx = ")
	r.typeKeys(":next\r", "\x1b[1msolution 2:\x1b[0m")
	r.quit()

	for _, env := range [][]string{{"TERM=xterm-256color", "NO_COLOR=1"}, {"TERM=dumb"}, nil} {
		r := startREPL(t, t.TempDir(), env, "--no-history")
		r.typeKeys("var x in 1..3\r", "x in 1..3")
		shown := r.typeKeys("x = y\r", "[2]:1:5: unknown name \"y\"\r\n    x = y\r\n        ^\r\n")
		shown += r.typeKeys(":frob\r", "unknown command :frob")
		if hasColour(shown) {
			t.Errorf("with %q the session has colours:\n%q", env, shown)
		}
		r.quit()
	}
}

// TestColourPerStream: stderr has colour when it is a terminal, even if
// stdout is not, and none when it is not, even if stdout is.
func TestColourPerStream(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	path := filepath.Join(t.TempDir(), "bad.csp")
	if err := os.WriteFile(path, []byte("var q[1..3] in 1..3\nalldiff(qq)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, errTerm := range []bool{true, false} {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		var pipe bytes.Buffer
		cmd := exec.Command(cspBinary(t), "solve", path)
		cmd.Env = append(withoutColourSettings(os.Environ()), "TERM=xterm-256color")
		if errTerm {
			cmd.Stdout, cmd.Stderr = &pipe, tty
		} else {
			cmd.Stdout, cmd.Stderr = tty, &pipe
		}
		err = cmd.Run()
		tty.Close()
		onTerm, _ := io.ReadAll(ptmx) // ends with EIO once the process is gone
		ptmx.Close()
		if code := cmd.ProcessState.ExitCode(); code != exitBadInput {
			t.Fatalf("exit %d (%v)", code, err)
		}
		stderr := string(onTerm)
		if !errTerm {
			stderr = pipe.String()
		}
		if !strings.Contains(stderr, "unknown name") || hasColour(stderr) != errTerm {
			t.Errorf("stderr a terminal: %v; it shows %q", errTerm, stderr)
		}
	}
}
