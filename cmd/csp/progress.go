package main

import (
	"fmt"
	"io"
	"time"

	"github.com/csp-lang/csp/engine"
)

// progress draws a one-line status on a terminal's stderr once a search
// has run for a second: nodes, solutions, and the rate. It is redrawn at
// most five times a second and erased when the search ends.
type progress struct {
	w     io.Writer
	start time.Time
	last  time.Time
	shown bool
}

const progressDelay = time.Second

func newProgress(w io.Writer) *progress {
	return &progress{w: w, start: time.Now()}
}

// update is the engine's Progress callback.
func (p *progress) update(st engine.Stats) {
	now := time.Now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	p.shown = true
	rate := float64(st.Nodes) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\033[Ksearching: %s nodes, %s solutions, %s nodes/s, %s",
		count(st.Nodes), count(st.Solutions), count(int64(rate)), now.Sub(p.start).Truncate(time.Second))
}

// clear erases the line before anything else is printed.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// count writes 1234567 as 1.2M.
func count(n int64) string {
	switch {
	case n >= 10_000_000_000:
		return fmt.Sprintf("%dG", n/1_000_000_000)
	case n >= 1_000_000_000:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	case n >= 10_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}
