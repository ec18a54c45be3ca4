package main

import (
	"io"
	"sync"
)

// outWriter passes writes on to stdout and keeps the first error, so that
// a failed write (a full disk, a closed descriptor) is reported once, at
// the end, whichever part of csp made it; later writes fail at once.
type outWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
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

// failed returns the first write error, or nil.
func (o *outWriter) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// outputFailed reports whether w is stdout and a write to it has failed:
// a search that can no longer show what it finds stops.
func outputFailed(w io.Writer) bool {
	o, ok := w.(*outWriter)
	return ok && o.failed() != nil
}
