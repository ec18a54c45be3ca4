package repl

import (
	"io"
	"strings"
	"sync"

	"github.com/chzyer/readline"
)

// The REPL's history keeps a statement typed over several lines as one
// entry, on one line (readline edits one line, and its history file has
// one entry per line): the line breaks become lineBreak. Recalled and
// entered, the entry is split there again, so that the statement is
// exactly what was typed, comments and rows of a matrix included.
const lineBreak = " ⏎ "

// historyEntry is the history entry of a statement typed as lines.
func historyEntry(lines []string) string {
	if len(lines) == 1 {
		return strings.TrimSpace(lines[0])
	}
	trimmed := make([]string, 0, len(lines))
	for _, l := range lines {
		if l = strings.TrimRight(l, " \t"); l != "" {
			trimmed = append(trimmed, l)
		}
	}
	return strings.TrimSpace(strings.Join(trimmed, lineBreak))
}

// fromHistory undoes historyEntry: each ⏎ is a line break again, with
// the spaces around it or not (the entry may have been edited).
func fromHistory(line string) string {
	if !strings.Contains(line, "⏎") {
		return line
	}
	return strings.ReplaceAll(strings.ReplaceAll(line, lineBreak, "\n"), "⏎", "\n")
}

// cancelFirst passes the terminal's input on, with Ctrl-G before every
// Ctrl-C: readline takes a Ctrl-C while it shows completions or searches
// the history as the end of that alone, leaving the line, where Ctrl-C
// should clear the line whatever is shown. Ctrl-G ends the completion
// or search and is otherwise ignored.
type cancelFirst struct {
	r       io.Reader
	mu      sync.Mutex
	pending []byte // translated input not yet read
}

func (c *cancelFirst) Read(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pending) == 0 {
		buf := make([]byte, len(p))
		n, err := c.r.Read(buf)
		for _, b := range buf[:n] {
			if b == readline.CharInterrupt {
				c.pending = append(c.pending, readline.CharBell)
			}
			c.pending = append(c.pending, b)
		}
		if len(c.pending) == 0 {
			return 0, err
		}
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}
