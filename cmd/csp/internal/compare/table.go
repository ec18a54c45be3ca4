package compare

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// WriteTable writes the rows as csp compare's table, the fastest row that
// finished marked *; all says the rows enumerated every solution.
func WriteTable(w io.Writer, rows []Row, all bool) {
	best := -1
	for i, r := range rows {
		if r.Status != "timeout" && r.Status != "interrupted" && (best < 0 || r.Elapsed < rows[best].Elapsed) {
			best = i
		}
	}
	what := "first solution"
	switch {
	case all:
		what = "solutions"
	case slices.ContainsFunc(rows, func(r Row) bool { return r.Objective != nil }):
		what = "optimum"
	}
	fmt.Fprintf(w, "  %-7s %-5s %12s %12s %13s %11s  %s\n", "order", "prop", "nodes", "failures", "propagations", "time", what)
	for i, r := range rows {
		mark := " "
		if i == best {
			mark = "*"
		}
		fmt.Fprintf(w, "%s %-7s %-5s %12d %12d %13d %11s  %s\n", mark, r.Order, r.Prop,
			r.Stats.Nodes, r.Stats.Failures, r.Stats.Propagations, durationText(r.Elapsed), result(r, all))
	}
}

// result is a row's last cell: what it found, or why it stopped.
func result(r Row, all bool) string {
	switch {
	case r.Status == "interrupted":
		return fmt.Sprintf("interrupted (%d found)", r.Solutions)
	case r.Status == "timeout" && r.Objective != nil:
		return fmt.Sprintf("stopped by the timeout, best %d: %s", *r.Objective, r.Best)
	case r.Status == "timeout":
		return fmt.Sprintf("stopped by the timeout (%d found)", r.Solutions)
	case r.Objective != nil:
		return fmt.Sprintf("%d: %s", *r.Objective, r.Best)
	case r.Status == "unsatisfiable":
		return "no solution"
	case all:
		return fmt.Sprint(r.Solutions)
	}
	return r.First
}

// durationText keeps three significant-ish digits from microseconds to
// seconds, so the time column stays narrow.
func durationText(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
