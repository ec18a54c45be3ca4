package batch

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
)

// A batch file that cannot be read to its end is an error naming the
// file and the line, never a silent stop: a line past the scanner's limit
// and a read error both.
func TestReadJobsReportsWhereReadingStopped(t *testing.T) {
	tests := []struct {
		name  string
		in    io.Reader
		lines int // instances read before the error
		want  string
	}{
		{"a line over 64 MB", io.MultiReader(strings.NewReader("1..\n"), strings.NewReader(strings.Repeat("x", input.MaxFileSize+1)), strings.NewReader("\n2..\n")),
			1, "b.txt:2: the line is longer than 64 MB"},
		{"a read error", io.MultiReader(strings.NewReader("1..\n# note\n2..\n"), iotest.ErrReader(errors.New("input/output error"))),
			2, "cannot read b.txt at line 4: input/output error"},
	}
	for _, tt := range tests {
		jr := newJobReader(tt.in, "b.txt")
		n := 0
		for _, ok := jr.next(); ok; _, ok = jr.next() {
			n++
		}
		if err := jr.err; err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
		if n != tt.lines {
			t.Errorf("%s: %d lines read, want %d", tt.name, n, tt.lines)
		}
	}
}
