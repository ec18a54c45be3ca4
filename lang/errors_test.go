package lang

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestErrors reads testdata/errors.csp: chunks separated by a line "---",
// each compiled as a model of its own. A line ending in ### "regexp"
// expects an error on that line matching the regexp; every error must be
// expected and every expectation met.
func TestErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.csp")
	if err != nil {
		t.Fatal(err)
	}
	chunks := strings.Split(string(data), "\n---\n")
	line := 1
	for _, chunk := range chunks {
		checkChunk(t, chunk, line)
		line += strings.Count(chunk, "\n") + 2
	}
}

var expectation = regexp.MustCompile(`### "(.*)"\s*$`)

func checkChunk(t *testing.T, chunk string, firstLine int) {
	t.Helper()
	want := map[int]*regexp.Regexp{}
	for i, l := range strings.Split(chunk, "\n") {
		if m := expectation.FindStringSubmatch(l); m != nil {
			want[i+1] = regexp.MustCompile(m[1])
		}
	}
	_, err := Compile(Input{Model: Source{Name: "chunk.csp", Text: []byte(chunk)}})
	var errs ErrorList
	if err != nil {
		errs = err.(ErrorList)
	}
	at := func(l int) string { return fmt.Sprintf("testdata/errors.csp:%d", firstLine+l-1) }
	for _, e := range errs {
		rx, ok := want[e.Pos.Line]
		switch {
		case !ok:
			t.Errorf("%s: unexpected error: %s", at(e.Pos.Line), e.Msg)
		case !rx.MatchString(e.Msg):
			t.Errorf("%s: error %q does not match %q", at(e.Pos.Line), e.Msg, rx)
		default:
			delete(want, e.Pos.Line)
		}
	}
	for l, rx := range want {
		t.Errorf("%s: expected an error matching %q", at(l), rx)
	}
}
