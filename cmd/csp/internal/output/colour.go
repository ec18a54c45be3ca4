package output

import (
	"io"
	"os"
	"strings"

	"github.com/csp-lang/csp/lang"
)

// Colour on a terminal, as compilers do: the place of an error and its
// message in bold, the carets in red, the notes that say how lowering got
// there in cyan; in the REPL, the prompt and the headers of solutions.
// Each stream decides for itself (stderr may be a terminal while stdout
// is a pipe), and none has colour when NO_COLOR is set to anything
// (no-color.org), when TERM is dumb or unset, or when it is not a
// terminal.

// SGR sequences.
const (
	sgrReset = "\x1b[0m"
	SGRBold  = "\x1b[1m"
	sgrRed   = "\x1b[1;31m"
	sgrCyan  = "\x1b[36m"
	SGRBlue  = "\x1b[1;34m"

	sgrPlainRed = "\x1b[31m"
)

// UseColour reports whether what is written to w may be coloured.
func UseColour(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if term := os.Getenv("TERM"); term == "" || term == "dumb" {
		return false
	}
	return IsTerminal(w)
}

// Painter colours text when on, and leaves it alone otherwise.
type Painter bool

// Paint is text in the colour sgr, when on.
func (p Painter) Paint(sgr, text string) string {
	if !p || text == "" {
		return text
	}
	return sgr + text + sgrReset
}

// ErrorStyle is how errors written to a stream with colour look.
func (p Painter) ErrorStyle() lang.Style {
	if !p {
		return lang.Style{}
	}
	return lang.Style{
		Place:   func(s string) string { return p.Paint(SGRBold, s) },
		Message: func(s string) string { return p.Paint(SGRBold, s) },
		Caret:   func(s string) string { return p.Paint(sgrRed, s) },
		Note:    func(s string) string { return p.Paint(sgrCyan, s) },
	}
}

// PrintErrors prints lang's errors on w, in colour if w may have it.
func PrintErrors(w io.Writer, err error, src lang.Sources) {
	Painter(UseColour(w)).ErrorStyle().PrintErrors(w, err, src)
}

// PrintWarnings prints lang's warnings on w, in colour if w may have it.
func PrintWarnings(w io.Writer, warnings lang.ErrorList, src lang.Sources) {
	Painter(UseColour(w)).ErrorStyle().PrintWarnings(w, warnings, src)
}

// RedLines writes each message to w in red: the REPL's own complaints
// (an unknown command, a bad setting), which come one Write per message.
func RedLines(w io.Writer) io.Writer { return redLines{w} }

type redLines struct{ w io.Writer }

func (r redLines) Write(p []byte) (int, error) {
	text := strings.TrimSuffix(string(p), "\n")
	if _, err := io.WriteString(r.w, sgrPlainRed+text+sgrReset+string(p[len(text):])); err != nil {
		return 0, err
	}
	return len(p), nil
}
