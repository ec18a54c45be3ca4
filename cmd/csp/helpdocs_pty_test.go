//go:build linux || darwin

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// On a terminal, csp help language goes through $PAGER: here a pager that
// shows the first line only.
func TestHelpPagerOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	for _, c := range []struct{ pager, want, notWant string }{
		{"sed -n 1p", "# The csp language", "## Lexical rules"},
		{"", "## Lexical rules", ""}, // no PAGER: the whole text
		{"no-such-pager-xyz", "cannot run the pager", ""},
	} {
		cmd := exec.Command(cspBinary(t), "help", "language")
		cmd.Env = append(os.Environ(), "PAGER="+c.pager)
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
			t.Errorf("PAGER=%q: the terminal shows %d bytes, starting %.200q", c.pager, len(got), got)
		}
	}
}
