package output

import (
	"fmt"
	"io"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/engine"
)

// depthText says what the depth counts: decisions, of which under --prop
// ac some are x != v, so that 12-queens can reach a depth of 40.
func depthText(st engine.Stats) string {
	if st.MaxAssigned == st.MaxDepth {
		return Plural(int64(st.MaxDepth), "decision")
	}
	return fmt.Sprintf("%s (x = v or x != v), at most %d x = v", Plural(int64(st.MaxDepth), "decision"), st.MaxAssigned)
}

// Outcome is how a search ended.
type Outcome struct {
	Found     int64
	Complete  bool   // the search space was exhausted
	Stopped   string // "timeout", "interrupted" or "memory" when a limit ended it
	Traced    bool   // with "memory": the copies of the domains a trace keeps passed their half
	Objective int64
	Setup     time.Duration
}

// Plural is n word, or n words.
func Plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Millis is d in milliseconds, as the JSON lines and statistics give times.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// PrintStats writes the statistics of a search, as -s and :stats show them.
func PrintStats(w io.Writer, st engine.Stats, res Outcome) {
	rows := [][2]string{
		{"solutions", fmt.Sprint(res.Found)},
		{"nodes", fmt.Sprint(st.Nodes)},
		{"failures", fmt.Sprint(st.Failures)},
		{"propagations", fmt.Sprint(st.Propagations)},
		{"max depth", depthText(st)},
		{"setup time", fmt.Sprintf("%.3f ms (read, parse, check, lower, solver set-up)", Millis(res.Setup))},
		{"search time", fmt.Sprintf("%.3f ms", Millis(st.SearchTime))},
		{"peak memory", fmt.Sprintf("%.1f MB", float64(limits.PeakMemory())/(1<<20))},
	}
	if res.Setup == 0 { // a session compiles as it goes; there is no one set-up
		rows = append(rows[:5], rows[6:]...)
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%-14s %s\n", r[0], r[1])
	}
}
