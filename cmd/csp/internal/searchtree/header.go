package searchtree

import (
	"fmt"
	"strconv"

	"github.com/csp-lang/csp/engine"
)

// Header is what a picture says about the search besides the tree.
type Header struct {
	Title               string // the model and its parameters
	Order, Values, Prop string // the settings, as csp names them
	Stats               engine.Stats
	// Stopped says why the search ended early ("timeout", ...), "" if it
	// ran as far as asked.
	Stopped string
}

// settings is the title's second half: "order input, values min, prop fc".
func (h Header) settings() string {
	if h.Order == "" {
		return ""
	}
	return fmt.Sprintf("order %s, values %s, prop %s", h.Order, h.Values, h.Prop)
}

// caption is the title and the settings on one line.
func (h Header) caption() string {
	switch s := h.settings(); {
	case s == "":
		return h.Title
	case h.Title == "":
		return s
	default:
		return h.Title + ": " + s
	}
}

// label is a node's decision: q[1]=2, q[1]≠2 for a right branch, x≤7 or
// x>7 for the halves of a split.
func (r *Recorder) label(i int32) string {
	n := r.nodes[i]
	op := map[engine.DecisionOp]string{engine.DecideEq: "=", engine.DecideNe: "≠", engine.DecideLe: "≤", engine.DecideGt: ">"}[n.op]
	val := strconv.FormatInt(n.val, 10)
	if n.op == engine.DecideEq || n.op == engine.DecideNe { // a value, by name if an enum's; a split's bound stays a number
		val = r.prog.FormatValueOf(engine.Var(n.v), n.val)
	}
	return r.prog.Model.VarName(engine.Var(n.v)) + op + val
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.FormatInt(n, 10) + " " + word + "s"
}
