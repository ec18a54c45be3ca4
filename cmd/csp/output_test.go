package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// fullWriter accepts limit bytes, then fails like a full disk.
type fullWriter struct {
	limit, written, calls int
}

var errFull = errors.New("no space left on device")

func (w *fullWriter) Write(p []byte) (int, error) {
	w.calls++
	if w.written+len(p) > w.limit {
		n := w.limit - w.written
		w.written = w.limit
		return n, errFull
	}
	w.written += len(p)
	return len(p), nil
}

// A failed write to stdout is reported on stderr with exit status 4,
// whatever wrote it, and a search that cannot show its solutions stops.
func TestWriteErrorsAreReported(t *testing.T) {
	cases := [][]string{
		{"solve", "models/queens.csp"},
		{"solve", "models/queens.csp", "-a"},
		{"solve", "models/queens.csp", "--count", "--json"},
		{"solve", "models/queens.csp", "--count"},
		{"solve", "models/queens.csp", "-a", "--workers", "2"},
		{"solve", "models/sudoku.csp", "--each", "cmd/csp/testdata/batch/sudoku.txt"},
		{"check", "models/queens.csp"},
		{"compare", "models/queens.csp", "-p", "n=6"},
		{"help"},
		{"version"},
		{"repl", "models/queens.csp"},
	}
	for _, args := range cases {
		for _, limit := range []int{0, 2} { // every output here is longer
			var stderr bytes.Buffer
			w := &fullWriter{limit: limit}
			code := run(args, strings.NewReader(":solve\n:all\n"), w, &stderr)
			if code != exitOutput || !strings.Contains(stderr.String(), "csp: cannot write the output: no space left on device") {
				t.Errorf("%v, %d bytes fit: exit %d, stderr %q", args, limit, code, stderr.String())
			}
			if strings.Contains(stderr.String(), "stopped") {
				t.Errorf("%v: a write error is no limit: %q", args, stderr.String())
			}
		}
	}
	// 10-queens has 724 solutions: -a stops at the first write that fails.
	w := &fullWriter{limit: 1000}
	run([]string{"solve", "models/queens.csp", "-p", "n=10", "-a", "--workers", "1"}, strings.NewReader(""), w, new(bytes.Buffer))
	if w.calls > 10 {
		t.Errorf("-a went on writing after the output failed: %d writes", w.calls)
	}
}
