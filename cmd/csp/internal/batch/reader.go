package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
)

// A jobReader reads the instances of a batch file: its lines but blank
// ones and comments. It stops at a read error, or a line longer than
// input.MaxFileSize, and keeps it in err with the line's number.
type jobReader struct {
	sc   *bufio.Scanner
	path string
	n    int // instances read
	line int // the line read next, from 1
	err  error
}

func newJobReader(f io.Reader, path string) *jobReader {
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), input.MaxFileSize)
	return &jobReader{sc: sc, path: path, line: 1}
}

// next returns the next instance, or false at the end or an error.
func (jr *jobReader) next() (batchJob, bool) {
	if jr.sc == nil {
		return batchJob{}, false // ended
	}
	for jr.sc.Scan() {
		line := jr.line
		jr.line++
		raw := jr.sc.Text()
		if line == 1 {
			raw = strings.TrimPrefix(raw, "\ufeff") // a byte-order mark
		}
		// The line goes as it is: Instance ignores the spaces around it,
		// and an error's column counts them.
		if text := strings.TrimSpace(raw); text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		jr.n++
		return batchJob{n: jr.n - 1, line: line, text: raw}, true
	}
	switch err := jr.sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		jr.err = fmt.Errorf("%s:%d: the line is longer than %d MB, the most csp reads", jr.path, jr.line, input.MaxFileSize>>20)
	case err != nil:
		jr.err = fmt.Errorf("cannot read %s at line %d: %v", jr.path, jr.line, input.PathError(err))
	}
	jr.sc = nil
	return batchJob{}, false
}
