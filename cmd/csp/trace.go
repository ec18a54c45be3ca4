package main

import (
	"bufio"

	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/lang"
)

// --trace narrates the search, one line per event, indented by depth;
// --trace=piles shows the course's view instead: after each step, the
// pile of values left to try at every assigned position. --tree records
// the same events into a picture (tree.go). The text is package
// narrate's, which the playground prints too.

type traceMode = narrate.Mode

const (
	traceOff     = narrate.Off
	traceSteps   = narrate.Steps
	traceDomains = narrate.Domains
	tracePiles   = narrate.Piles
)

var traceModes = narrate.Modes

// defaultTraceLimit is how many lines --trace prints before it stops
// narrating (the search goes on).
const defaultTraceLimit = narrate.DefaultLimit

// newNarrator narrates to w, which the solutions share so that the two
// interleave in order, and records into tree when it is not nil.
func newNarrator(w *bufio.Writer, prog *lang.Program, mode traceMode, limit int, tree *searchtree.Recorder) *narrate.Narrator {
	n := &narrate.Narrator{Prog: prog, Mode: mode, Limit: limit, Tree: tree}
	if w != nil {
		n.Write = func(line string) {
			w.WriteString(line)
			w.Flush() // as it happens
		}
	}
	return n
}
