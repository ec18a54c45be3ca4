package output

import (
	"fmt"
	"io"
	"time"

	"github.com/csp-lang/csp/engine"
)

// Progress reports a long search as it runs: nodes, solutions, and the
// rate. On a terminal it is one line, redrawn at most five times a second
// once the search has run for a second and erased before anything else
// is printed. With --progress it is a line every second, on a terminal or
// not: plain text on stderr, or a "progress" line of the JSON stream.
type Progress struct {
	w     io.Writer
	mode  progressMode
	js    *JSON // progressJSON: the stream, and its flush
	flush func()
	start time.Time
	last  time.Time
	shown bool
	what  string // what the line says is going on: searching, unless set
	// Best, if set, returns an optimisation's best objective so far
	// (false before its first solution): the lines show it.
	Best func() (int64, bool)
}

type progressMode uint8

const (
	progressTerminal progressMode = iota // the redrawn line
	progressLines                        // --progress: a line every ProgressEvery on stderr
	progressJSON                         // --progress --json: the same as "progress" lines
)

// ProgressDelay is how long a search runs before its progress shows, and
// ProgressEvery how often --progress writes. Tests shorten them.
var (
	ProgressDelay = time.Second
	ProgressEvery = time.Second
)

func newProgress(w io.Writer) *Progress {
	return &Progress{w: w, start: time.Now()}
}

// ForSearch picks how a search of csp solve reports progress: as
// --progress asks (asked), else on a terminal's stderr, else not at all
// (nil). flush writes out what js has buffered.
func ForSearch(asked bool, js *JSON, flush func(), stderr io.Writer) *Progress {
	switch {
	case asked && js != nil:
		return &Progress{mode: progressJSON, js: js, flush: flush, start: time.Now()}
	case asked:
		return &Progress{w: stderr, mode: progressLines, start: time.Now()}
	case IsTerminal(stderr):
		return newProgress(stderr)
	}
	return nil
}

// Live shows sv's progress on w while it searches, if w is a
// terminal: the REPL's :count and :all. The result (nil off a terminal)
// must be cleared before anything else is printed.
func Live(sv *engine.Solver, w io.Writer) *Progress {
	if !IsTerminal(w) {
		return nil
	}
	p := newProgress(w)
	sv.SetProgress(p.Update)
	return p
}

// Update is the engine's Progress callback.
func (p *Progress) Update(st engine.Stats) {
	now := time.Now()
	elapsed := now.Sub(p.start)
	if elapsed < ProgressDelay {
		return
	}
	every := ProgressEvery
	if p.mode == progressTerminal {
		every = 200 * time.Millisecond
	}
	if !p.last.IsZero() && now.Sub(p.last) < every {
		return
	}
	p.last = now
	var best *int64
	if p.Best != nil {
		if v, ok := p.Best(); ok {
			best = &v
		}
	}
	switch p.mode {
	case progressJSON:
		p.js.Progress(st, elapsed, best)
		p.flush()
	case progressLines:
		fmt.Fprintln(p.w, p.text(st, elapsed, best))
	default:
		p.shown = true
		fmt.Fprint(p.w, "\r\033[K"+p.text(st, elapsed, best))
	}
}

// progressText is the line itself:
// searching: 1.2M nodes, 3456 solutions, 1.1M nodes/s, 2s; and for an
// optimisation, its best objective so far: ..., best 930.
func progressText(st engine.Stats, elapsed time.Duration, best *int64) string {
	rate := int64(0)
	if s := elapsed.Seconds(); s > 0 {
		rate = int64(float64(st.Nodes) / s)
	}
	text := fmt.Sprintf("searching: %s nodes, %s solutions, %s nodes/s, %s",
		count(st.Nodes), count(st.Solutions), count(rate), elapsed.Truncate(time.Second))
	if best != nil {
		text += fmt.Sprintf(", best %d", *best)
	}
	return text
}

// text is progressText, or for an explanation the line of its checks:
// explaining: 1.2M nodes in this check, 8s.
func (p *Progress) text(st engine.Stats, elapsed time.Duration, best *int64) string {
	if p.what == "" {
		return progressText(st, elapsed, best)
	}
	return fmt.Sprintf("%s: %s nodes in this check, %s", p.what, count(st.Nodes), elapsed.Truncate(time.Second))
}

// Explaining is the line an explanation shows on a terminal w while
// its checks run, or nil off a terminal: Progress reports go to its
// update, after the caller's own (report, which may be nil).
func Explaining(w io.Writer, opts *engine.Options) *Progress {
	if !IsTerminal(w) {
		return nil
	}
	p := newProgress(w)
	p.what = "explaining"
	report := opts.Progress
	opts.Progress = func(st engine.Stats) {
		if report != nil {
			report(st)
		}
		p.Update(st)
	}
	return p
}

// Clear erases the terminal line before anything else is printed; the
// other modes leave their lines be. A nil Progress does nothing.
func (p *Progress) Clear() {
	if p != nil && p.shown {
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
