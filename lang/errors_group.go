package lang

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// One mistake inside a forall is found once for each value of its
// generators: the same message at the same place, but for its numbers.
// groupRepeats makes such a run of errors one, which names the values:
//
//	index 31 is out of range 1..24 of s, with k = 1 (24 errors like it, for k = 1..24)
//
// so that the mistake is not lost among 20 copies of itself.

// numbers matches what may differ between the errors of one mistake.
var numbers = regexp.MustCompile(`-?[0-9]+`)

// groupRepeats merges, in a sorted list, each run of errors at the same
// place whose messages differ only in their numbers and that were found
// under generators of the same names.
func groupRepeats(list ErrorList) ErrorList {
	out := list[:0]
	for i := 0; i < len(list); {
		e := list[i]
		j := i + 1
		for j < len(list) && sameMistake(e, list[j]) {
			j++
		}
		if j-i > 1 {
			e.Msg += fmt.Sprintf(", with %s (%d errors like it, for %s)",
				genText(e.gens), j-i, valuesText(list[i:j]))
		}
		out = append(out, e)
		i = j
	}
	return out
}

func sameMistake(a, b *Error) bool {
	if len(a.gens) == 0 || a.Pos != b.Pos || a.End != b.End || a.Kind != b.Kind ||
		len(a.gens) != len(b.gens) || len(a.Notes) != len(b.Notes) {
		return false
	}
	for k := range a.gens {
		if a.gens[k].name != b.gens[k].name {
			return false
		}
	}
	for k := range a.Notes {
		if a.Notes[k].Pos != b.Notes[k].Pos {
			return false
		}
	}
	return numbers.ReplaceAllString(a.Msg, "#") == numbers.ReplaceAllString(b.Msg, "#")
}

// genText is "i = 1, j = 4".
func genText(gens []genValue) string {
	parts := make([]string, len(gens))
	for k, g := range gens {
		parts[k] = g.name + " = " + itoa(g.v)
	}
	return strings.Join(parts, ", ")
}

// valuesText names the generator values of errs: each generator's values
// as runs (k = 1..24; i = 1..3, j = 1..3) when the errors are found for
// every combination of them, else the first few tuples.
func valuesText(errs []*Error) string {
	n := len(errs[0].gens)
	distinct := make([][]int64, n)
	combos := 1
	for k := range n {
		seen := map[int64]bool{}
		for _, e := range errs {
			if v := e.gens[k].v; !seen[v] {
				seen[v] = true
				distinct[k] = append(distinct[k], v)
			}
		}
		slices.Sort(distinct[k])
		combos *= len(distinct[k])
		if combos > len(errs) {
			return tuplesText(errs)
		}
	}
	if combos != len(errs) { // errs are distinct tuples, so they are every combination
		return tuplesText(errs)
	}
	parts := make([]string, n)
	for k, g := range errs[0].gens {
		parts[k] = g.name + " = " + runsText(distinct[k])
	}
	return strings.Join(parts, ", ")
}

// runsText writes values as runs: 2..24, 30, 32..33.
func runsText(vals []int64) string {
	var parts []string
	for i := 0; i < len(vals); {
		j := i
		for j+1 < len(vals) && vals[j+1] == vals[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, itoa(vals[i]))
		default:
			parts = append(parts, itoa(vals[i])+".."+itoa(vals[j]))
		}
		i = j + 1
		if len(parts) == maxRuns && i < len(vals) {
			parts = append(parts, "...")
			break
		}
	}
	return strings.Join(parts, ", ")
}

// tuplesText lists the first few tuples of values of errs.
func tuplesText(errs []*Error) string {
	var parts []string
	for _, e := range errs {
		if len(parts) == maxRuns {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, "("+genText(e.gens)+")")
	}
	return strings.Join(parts, ", ")
}

// maxRuns bounds the runs or tuples a grouped error names.
const maxRuns = 8
