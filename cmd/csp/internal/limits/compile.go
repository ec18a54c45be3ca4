package limits

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/lang"
)

// Compile bounds compiling as a search is bounded: by maxMemory (the
// default if 0), by timeout (if not 0), counted from start, the start of
// the run, and by SIGINT or SIGTERM until the returned function is called.
func Compile(maxMemory int64, timeout time.Duration, start time.Time) (lang.Limits, func()) {
	var interrupted atomic.Bool
	done := OnSignal(func() { interrupted.Store(true) })
	stop := func() string {
		switch {
		case interrupted.Load():
			return "interrupted"
		case timeout > 0 && time.Since(start) > timeout:
			return fmt.Sprintf("timeout after %v", timeout)
		}
		return ""
	}
	return Memory(maxMemory, stop), done
}

// Memory are the limits of compiling within max bytes (the default if 0),
// with stop as the stop request. The collector works harder near its own
// limit, set a little under max so that the process stays under.
func Memory(max int64, stop func() string) lang.Limits {
	if max == 0 {
		max = DefaultMaxMemory
	}
	debug.SetMemoryLimit(max / 100 * 95)
	return lang.Limits{MaxMemory: max, Stop: func() string { Underway(); return stop() }}
}
