package repl

import (
	"bytes"
	"strings"
	"testing"
)

// TestREPLSurvivesBadInput types each bad input into a session: each is
// refused with a message, and the session still works afterwards.
func TestREPLSurvivesBadInput(t *testing.T) {
	rep := strings.Repeat
	bad := []string{
		"\x7fELF\x02\x01\x01\x00\xff\xfe",
		"x = \xff 2",
		"var y in 1..3\x00",
		"x = " + rep(" ", 1<<20) + "zz",
		"x = " + rep("(", 100000) + "x" + rep(")", 100000),
		"x = " + rep("-", 100000) + "x",
		"var z in 0..10^12",
		"var a[1..10^8] in 0..1",
		"x = sum([1 for i in 1..10^9])",
		"x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x * x = 1",
		"x = 5 / 0",
		"x % 0 = 1",
		":load /nonexistent/model.csp",
		":load /",
		":drop -1",
		":set timeout -5s",
		"]",
		"}",
		")",
		"\"unterminated",
	}
	var out bytes.Buffer
	s := newSession(&out, &out)
	s.line("var x in 1..30")
	for _, in := range bad {
		out.Reset()
		if s.line(in) {
			t.Errorf("%.40q left the session waiting for more input", in)
			s.pending = nil
		}
		if out.Len() == 0 {
			t.Errorf("%.40q was accepted silently", in)
		}
	}
	out.Reset()
	s.line("x = 7")
	s.line(":solve")
	if !strings.Contains(out.String(), "x = 7") {
		t.Errorf("the session no longer works after the bad inputs:\n%s", out.String())
	}
}
