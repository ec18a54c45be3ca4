package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestErrors reads testdata/errors/*.csp, one file per class of error:
// chunks separated by a line "---", each compiled as a model of its own.
// A line ending in ### "regexp" expects an error on that line matching the
// regexp; every error must be expected and every expectation met.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.csp")
	if len(files) == 0 {
		t.Fatal("no files in testdata/errors")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		line := 1
		for _, chunk := range strings.Split(string(data), "\n---\n") {
			checkChunk(t, file, chunk, line)
			line += strings.Count(chunk, "\n") + 2
		}
	}
}

var expectation = regexp.MustCompile(`### "(.*)"\s*$`)

func checkChunk(t *testing.T, file, chunk string, firstLine int) {
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
	at := func(l int) string { return fmt.Sprintf("%s:%d", file, firstLine+l-1) }
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

// An operand in parentheses is underlined and quoted with them: the span
// of an operator runs from its first operand's "(" to its last's ")".
func TestSpansCoverParentheses(t *testing.T) {
	tests := []struct{ src, want string }{
		{"var x in 0..3\nvar z in 0..0\nx % (z) = 1", "x % (z) is undefined"},
		{"var x in 0..3\nvar z in 0..0\n(x) % ((z)) = 1", "(x) % ((z)) is undefined"},
		{"param big = 4611686018427387904\nvar x in 1..3\n(x * big) * (2) = 1", "integer overflow: (x * big) can exceed"},
		{"param big = 4611686018427387904\nvar x in 0..1\n1 + (x * big) * (2) = 1", "integer overflow: (x * big) * (2) can exceed"},
	}
	for _, tt := range tests {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(tt.src)}})
		list, _ := err.(ErrorList)
		if len(list) != 1 || !strings.Contains(list[0].Msg, tt.want) {
			t.Errorf("%q: %v, want %q", tt.src, err, tt.want)
			continue
		}
		e := list[0]
		quoted := strings.SplitN(tt.want, " is ", 2)[0]
		quoted = strings.TrimPrefix(strings.SplitN(quoted, " can ", 2)[0], "integer overflow: ")
		if got := tt.src[e.Pos.Offset:e.End.Offset]; got != quoted {
			t.Errorf("%q: underlines %q, want %q", tt.src, got, quoted)
		}
	}
}

// One mistake never prints megabytes: a name of 5,000,000 characters is
// quoted by its ends, and a message is at most maxMessage characters.
func TestLongNamesAreShortenedInMessages(t *testing.T) {
	name := strings.Repeat("a", 5_000_000)
	src := "var x in 1..3\nx = " + name + "\n"
	_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	var b strings.Builder
	PrintErrors(&b, err, Sources{"t.csp": []byte(src)})
	out := b.String()
	if len(out) > 1000 || !strings.Contains(out, `t.csp:2:5: unknown name "aaaa`) || !strings.Contains(out, "…") {
		t.Errorf("%d bytes:\n%.600s", len(out), out)
	}
	if got := shortMessage(strings.Repeat("ab ", 2000)); len([]rune(got)) != maxMessage {
		t.Errorf("a long message of short words: %d characters, want %d", len([]rune(got)), maxMessage)
	}
	if msg := `unknown name "qq" (did you mean "q"?)`; shortMessage(msg) != msg {
		t.Errorf("a short message changed: %q", shortMessage(msg))
	}
}

// TestStyleMarksParts: a Style marks up the place, the message, the
// carets and a note, and the zero Style prints what PrintErrors prints.
func TestStyleMarksParts(t *testing.T) {
	src := []byte("def half(a) = a / 0\nvar x in 1..3\nx = half(4)\n")
	_, err := Compile(Input{Model: Source{Name: "m.csp", Text: src}})
	if err == nil {
		t.Fatal("the model should not compile")
	}
	srcs := Sources{"m.csp": src}
	var plain, zero, marked strings.Builder
	PrintErrors(&plain, err, srcs)
	Style{}.PrintErrors(&zero, err, srcs)
	if zero.String() != plain.String() {
		t.Errorf("the zero Style prints\n%s\nPrintErrors prints\n%s", zero.String(), plain.String())
	}
	tag := func(name string) func(string) string {
		return func(s string) string { return "<" + name + ">" + s + "</" + name + ">" }
	}
	Style{Place: tag("p"), Message: tag("m"), Caret: tag("c"), Note: tag("n")}.PrintErrors(&marked, err, srcs)
	want := "<p>m.csp:1:19:</p> <m>division by zero</m>\n" +
		"    def half(a) = a / 0\n" +
		"                      <c>^</c>\n" +
		"<p>m.csp:3:5:</p> <n>in the call half(4)</n>\n" +
		"    x = half(4)\n" +
		"        <n>^^^^^^^</n>\n"
	if marked.String() != want {
		t.Errorf("marked up:\n%s\nwant:\n%s\nplain:\n%s", marked.String(), want, plain.String())
	}
}
