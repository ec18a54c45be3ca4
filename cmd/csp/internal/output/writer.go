package output

import (
	"io"
	"os"
	"sync"

	"github.com/chzyer/readline"
)

// Writer passes writes on to stdout and keeps the first error, so that
// a failed write (a full disk, a closed descriptor) is reported once, at
// the end, whichever part of csp made it; later writes fail at once.
type Writer struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (o *Writer) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return n, err
}

// Err returns the first write error, or nil.
func (o *Writer) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// Failed reports whether w is stdout and a write to it has failed:
// a search that can no longer show what it finds stops.
func Failed(w io.Writer) bool {
	o, ok := w.(*Writer)
	return ok && o.Err() != nil
}

// IsTerminal reports whether f is a terminal: a *os.File on one, or a
// Writer on one.
func IsTerminal(f any) bool {
	if o, ok := f.(*Writer); ok {
		f = o.w
	}
	file, ok := f.(*os.File)
	return ok && readline.IsTerminal(int(file.Fd()))
}

// NewWriter is a Writer on w, stdout.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Unwrap is the stream under w, if w is a Writer: a pager must see the
// terminal itself.
func Unwrap(w io.Writer) io.Writer {
	if o, ok := w.(*Writer); ok {
		return o.w
	}
	return w
}
