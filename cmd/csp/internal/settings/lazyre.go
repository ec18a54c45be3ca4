package settings

import (
	"regexp"
	"sync"
)

// LazyRegexp compiles expr on first use. Compiling the flag messages'
// patterns at init cost about a quarter of a millisecond of every run's
// start-up, most of which never reads them.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
