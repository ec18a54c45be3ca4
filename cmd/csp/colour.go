package main

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
	sgrBold  = "\x1b[1m"
	sgrRed   = "\x1b[1;31m"
	sgrCyan  = "\x1b[36m"
	sgrBlue  = "\x1b[1;34m"

	sgrPlainRed = "\x1b[31m"
)

// useColour reports whether what is written to w may be coloured.
func useColour(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if term := os.Getenv("TERM"); term == "" || term == "dumb" {
		return false
	}
	return isTerminal(w)
}

// painter colours text when on, and leaves it alone otherwise.
type painter bool

func (p painter) paint(sgr, text string) string {
	if !p || text == "" {
		return text
	}
	return sgr + text + sgrReset
}

// errorStyle is how errors written to a stream with colour look.
func (p painter) errorStyle() lang.Style {
	if !p {
		return lang.Style{}
	}
	return lang.Style{
		Place:   func(s string) string { return p.paint(sgrBold, s) },
		Message: func(s string) string { return p.paint(sgrBold, s) },
		Caret:   func(s string) string { return p.paint(sgrRed, s) },
		Note:    func(s string) string { return p.paint(sgrCyan, s) },
	}
}

// printErrors prints lang's errors on w, in colour if w may have it.
func printErrors(w io.Writer, err error, src lang.Sources) {
	painter(useColour(w)).errorStyle().PrintErrors(w, err, src)
}

// printWarnings prints lang's warnings on w, in colour if w may have it.
func printWarnings(w io.Writer, warnings lang.ErrorList, src lang.Sources) {
	painter(useColour(w)).errorStyle().PrintWarnings(w, warnings, src)
}

// redLines writes each message in red: the REPL's own complaints (an
// unknown command, a bad setting), which come one Write per message.
type redLines struct{ w io.Writer }

func (r redLines) Write(p []byte) (int, error) {
	text := strings.TrimSuffix(string(p), "\n")
	if _, err := io.WriteString(r.w, sgrPlainRed+text+sgrReset+string(p[len(text):])); err != nil {
		return 0, err
	}
	return len(p), nil
}
