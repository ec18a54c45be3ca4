// Package narrate turns the engine's trace events into the text of
// csp solve --trace: one line per event, indented by depth, or with
// --trace=piles the course's view, the pile of values left to try at
// every assigned position after each step. The CLI and the playground
// both print it, so it is written once, here; each gives its own sink
// for the lines.
package narrate

import (
	"fmt"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Mode is what the narration shows.
type Mode uint8

const (
	Off     Mode = iota
	Steps        // decisions, dead ends, backtracks, solutions
	Domains      // and the values each propagation removed
	Piles        // the piles after each step
)

// Modes are the names --trace=MODE takes.
var Modes = map[string]Mode{"steps": Steps, "domains": Domains, "piles": Piles}

// DefaultLimit is how many lines a narration prints before it stops (the
// search goes on): --trace-limit's default.
const DefaultLimit = 300

// Narrator narrates one solver's search to Write, and feeds Tree, when
// there is one, the same events.
type Narrator struct {
	Prog  *lang.Program
	Mode  Mode
	Limit int                  // lines; 0: no limit
	Tree  *searchtree.Recorder // nil: no tree
	// Write receives each line with its newline, as it happens.
	Write func(line string)
	// Restartable keeps the events coming after the limit, for a caller
	// that calls Restart to narrate a later part of the search.
	Restartable bool

	s     *engine.Solver
	want  Mode // the mode asked for, which Restart brings back
	lines int
	steps int
	pile  []int64
}

// Install makes s report to the narrator.
func (n *Narrator) Install(s *engine.Solver) {
	n.s, n.want = s, n.Mode
	if n.Tree != nil {
		n.Tree.Attach(s)
	}
	s.SetTracer(&engine.Tracer{Event: n.event, Domains: n.Mode == Domains})
}

// Restart narrates from here on as from the start: the next part of the
// search gets its own Limit lines.
func (n *Narrator) Restart() {
	n.Mode, n.lines = n.want, 0
}

// event handles one event; false once neither the text nor the tree
// wants more.
func (n *Narrator) event(e engine.TraceEvent) bool {
	if n.Tree != nil {
		n.Tree.Event(e)
	}
	switch n.Mode {
	case Off:
	case Piles:
		n.piles(e)
	default:
		n.narrate(e)
	}
	return n.Mode != Off || n.Tree != nil || (n.Restartable && n.want != Off)
}

// line writes one line at an indentation, or stops the narration at the
// limit.
func (n *Narrator) line(depth int, text string) {
	if n.Mode == Off {
		return
	}
	if n.Limit > 0 && n.lines >= n.Limit {
		n.Write(fmt.Sprintf("… the trace stops here after %d lines (--trace-limit); the search goes on\n", n.Limit))
		n.Mode = Off
		return
	}
	n.lines++
	n.Write(strings.Repeat("  ", max(depth, 0)) + text + "\n")
}
