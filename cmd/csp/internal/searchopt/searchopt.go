// Package searchopt names the search settings, as the CLI's flags, the
// REPL's :set and the playground's requests spell them, and says which
// combination a search refuses. One list, so that the CLI and the
// playground cannot drift apart.
package searchopt

import (
	"fmt"
	"sort"
	"strings"

	"github.com/csp-lang/csp/engine"
)

var (
	Orders = map[string]engine.VarOrder{"input": engine.OrderInput, "mrv": engine.OrderMRV, "domwdeg": engine.OrderDomWdeg,
		"smallest": engine.OrderSmallest, "largest": engine.OrderLargest}
	ValueOrders = map[string]engine.ValueOrder{"min": engine.ValuesMin, "max": engine.ValuesMax, "mid": engine.ValuesMid, "auto": engine.ValuesAuto,
		"split": engine.ValueSplit, "split-max": engine.ValueSplitMax}
	PropLevels = map[string]engine.PropLevel{"none": engine.PropNone, "fc": engine.PropFC, "ac": engine.PropAC}
)

// NameOf is the name of v in m; names in order, joined by |, should a
// value have several.
func NameOf[T comparable](m map[string]T, v T) string {
	var names []string
	for n, x := range m {
		if x == v {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

// CountWithObjective refuses a count of an optimisation: branch and bound
// skips every solution that is not better than the last, so what it meets
// is no count of anything. count and all are how the caller spells the
// two (--count, :count); all may be empty when there is no such way.
func CountWithObjective(objective, count, all string) string {
	msg := fmt.Sprintf("%s counts the solutions of a model without an objective, and this one has %s; "+
		"remove the objective to count every solution", count, objective)
	if all != "" {
		msg += fmt.Sprintf(", or use %s to list the improving ones", all)
	}
	return msg
}
