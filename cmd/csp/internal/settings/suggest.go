package settings

import (
	"fmt"

	"github.com/csp-lang/csp/internal/spell"
)

// Dashes writes a flag name as people type it: -n, --all.
func Dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// SuggestFlag returns ` (did you mean --x?)` for the closest flag name, if
// close: among the long names when name is long.
func SuggestFlag(name string, names []string) string {
	if len(name) > 1 { // --al means a long flag: Suggest among those
		var long []string
		for _, n := range names {
			if len(n) > 1 {
				long = append(long, n)
			}
		}
		names = long
	}
	best := spell.Closest(name, names)
	switch {
	case best == "":
		return ""
	case len(best) == 1:
		return fmt.Sprintf(" (did you mean -%s?)", best)
	}
	return fmt.Sprintf(" (did you mean --%s?)", best)
}

// Suggest returns ` (did you mean "x"?)` for the closest name, if close.
func Suggest(name string, names []string) string {
	if best := spell.Closest(name, names); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}
