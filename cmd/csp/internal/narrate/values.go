package narrate

import (
	"strconv"
	"strings"

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
