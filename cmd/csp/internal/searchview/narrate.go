package searchview

import (
	"bufio"

	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/lang"
)

// Narrator narrates to w, which the solutions share so that the two
// interleave in order, and records into tree when it is not nil.
func Narrator(w *bufio.Writer, prog *lang.Program, mode narrate.Mode, limit int, tree *searchtree.Recorder) *narrate.Narrator {
	n := &narrate.Narrator{Prog: prog, Mode: mode, Limit: limit, Tree: tree}
	if w != nil {
		n.Write = func(line string) {
			w.WriteString(line)
			w.Flush() // as it happens
		}
	}
	return n
}
