package narrate

import (
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// ValueSet writes removed values as a set: {2, 3, 4}, or with ranges
// when the list is long: {1..40, 45}.
func ValueSet(vs []int64) string {
	if len(vs) <= 8 {
		return "{" + JoinValues(vs, ", ") + "}"
	}
	s := lang.FormatDomain(vs)
	if !strings.HasPrefix(s, "{") {
		s = "{" + s + "}"
	}
	return s
}

// RangeSet writes removed values given as intervals as ValueSet writes
// them, and a wide set as its ranges ({0..499999}) or its range minus
// its gaps (0..1000000000 diff {5}): the values are not listed.
func RangeSet(ivs []engine.Interval) string {
	n := uint64(0)
	for _, iv := range ivs {
		n += uint64(iv.Hi-iv.Lo) + 1
	}
	if n <= 8 {
		var vs []int64
		for _, iv := range ivs {
			for v := iv.Lo; v <= iv.Hi; v++ {
				vs = append(vs, v)
				if v == iv.Hi {
					break // iv.Hi may be MaxInt64
				}
			}
		}
		return ValueSet(vs)
	}
	s := lang.FormatIntervals(ivs)
	if !strings.HasPrefix(s, "{") && !strings.Contains(s, " diff ") {
		s = "{" + s + "}"
	}
	return s
}

// JoinValues writes values in decimal, sep between them.
func JoinValues(vs []int64, sep string) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}
