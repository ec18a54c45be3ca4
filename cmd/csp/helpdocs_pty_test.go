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

// On a terminal, csp help language goes through $PAGER: here a pager that
// shows the first line only. Without PAGER it goes through less, here a
// script of that name that says how it was called; with no less either,
// it shows the chapters instead of scrolling 2,000 lines by.
func TestHelpPagerOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	withLess, withoutLess := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(withLess, "less"), []byte("#!/bin/sh\necho \"less $*\"\nhead -n 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := os.Getenv("PATH")
	for _, c := range []struct{ pager, path, want, notWant string }{
		{"sed -n 1p", path, "# The csp language", "## Lexical rules"},
		{"", withLess + ":" + path, "less -FRX\r\n# The csp language", "## Lexical rules"},
		{"", withoutLess, "Its chapters:\r\n  Lexical rules\r\n", "## Lexical rules"},
		{"no-such-pager-xyz", path, "cannot run the pager", ""},
	} {
		cmd := exec.Command(cspBinary(t), "help", "language")
		cmd.Env = append(os.Environ(), "PAGER="+c.pager, "PATH="+c.path)
		term, err := pty.Start(cmd)
		if err != nil {
			t.Fatal(err)
		}
		var screen bytes.Buffer
		io.Copy(&screen, term) // until the process closes the terminal (EIO)
		cmd.Wait()
		term.Close()
		got := screen.String()
		if !strings.Contains(got, c.want) || c.notWant != "" && strings.Contains(got, c.notWant) {
			t.Errorf("PAGER=%q PATH=%q: the terminal shows %d bytes, starting %.300q", c.pager, c.path, len(got), got)
		}
	}
}
