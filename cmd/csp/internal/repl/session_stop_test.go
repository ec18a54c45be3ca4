package repl

import (
	"bytes"
	"strings"
	"testing"
)

// Ctrl-C stops a statement's propagation in csp repl as it stops a
// search: the root's filtering of a wide domain (here the stop comes as
// soon as the work starts) ends with a note, not with the domains of a
// propagation cut short nor with "inconsistent"; the next statement
// propagates again.
func TestSessionStopsPropagation(t *testing.T) {
	var b bytes.Buffer
	s := newSession(&b, &b)
	s.line("var y in 1..1000000")
	stopAtOnce := func(stop func()) func() { stop(); return func() {} }
	s.onStop = stopAtOnce
	s.line("y % 1000 = 7")
	if want := "interrupted: propagation with statement [2] was stopped"; !strings.Contains(b.String(), want) {
		t.Errorf("got\n%s\nwant %q", b.String(), want)
	}
	b.Reset()
	s.onStop = nil
	s.line("y < 3000")
	if want := "y in {7, 1007, 2007}"; !strings.Contains(b.String(), want) {
		t.Errorf("after the stop, got\n%s\nwant %q", b.String(), want)
	}
}
