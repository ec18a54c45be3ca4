package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// printReport writes the Markdown report: the machine, the versions, one
// table per section with the best Gecode model and the best baseline, then
// every variant in detail.
func (r *runner) printReport(elapsed time.Duration) {
	w := r.cfg.Out
	t := r.tools
	fmt.Fprintf(w, "# csp benchmark\n\n")
	fmt.Fprintf(w, "- date: %s (the run took %s)\n", t.date, elapsed.Round(time.Second))
	fmt.Fprintf(w, "- machine: %s, %d CPUs (nproc), %s\n", t.cpu, t.ncpu, t.kernel)
	csp := t.cspVersion
	if r.cfg.CSP != "" {
		csp += " (`" + t.csp + "`)"
	}
	if t.cspCommit != "" {
		csp += ", commit " + t.cspCommit
	}
	if t.cspDirty != "" {
		csp += " (" + t.cspDirty + ")"
	}
	switch {
	case r.cfg.CSP != "":
	case r.cfg.CGO:
		csp += "; built with cgo (-cgo)"
	default:
		csp += "; built with CGO_ENABLED=0, as on a machine with only Go (-cgo builds it with cgo)"
	}
	fmt.Fprintf(w, "- csp: %s\n", csp)
	if t.minizinc != "" {
		fmt.Fprintf(w, "- MiniZinc %s with Gecode %s\n", t.mznVersion, t.gecodeVer)
	}
	fmt.Fprintf(w, "- Go: %s", t.goVersion)
	if t.gccVersion != "" {
		fmt.Fprintf(w, "; baselines: %s, -O2", t.gccVersion)
	}
	fmt.Fprintln(w)
	if t.tdoku != "" {
		fmt.Fprintf(w, "- tdoku (the 9 x 9 sets' peer): %s, built with %s %s\n", tdokuDir(&r.cfg), t.tdokuCXX, strings.Join(tdokuFlags, " "))
	}
	fmt.Fprintf(w, "- command: `%s`\n", r.cfg.Command)
	fmt.Fprintf(w, "- medians of %d runs (%d for MiniZinc on sets of 1000 puzzles or more; 1 for a run longer than %s); csp, Gecode and the baselines alternate within each run; a variant that times out or fails is not repeated, and is not run on larger sizes\n",
		r.cfg.Reps, r.cfg.BigReps, r.cfg.LongRun)
	fmt.Fprintf(w, "- load average (1 min): %s\n", r.load)
	fmt.Fprintf(w, "- limits: %s per run, %s per puzzle, %d MB of address space per process\n\n",
		r.cfg.Timeout, r.cfg.PuzzleTimeout, r.cfg.MemLimitMB)
	fmt.Fprintf(w, "csp: wall time of the whole `csp solve` process (start-up, parsing, solving, output) with the default settings; the columns `csp FLAGS` add those flags (ratios and nodes are for the defaults). ")
	fmt.Fprintf(w, "Gecode solve: Gecode's own solveTime (summed over the puzzles of a set); Gecode end to end: the wall time of the `minizinc` processes, flattening included; the Gecode column shows the fastest of its three models by solveTime (all three in the details). ")
	fmt.Fprintf(w, "csp/Gecode = csp wall time / Gecode solveTime. csp solve (puzzle sets): csp's own search time from `--stats`, summed over the puzzles like Gecode's solveTime, which it matches in scope (model construction, parsing and process start-up left out of both). Baseline: wall time of the fastest specialised C program. ")
	fmt.Fprintf(w, "CPU (details): user + system time of the same processes, median; own solve time (details): Gecode's solveTime, csp's search time. Nodes are each solver's own count (they count differently). Peak memory: maximum resident set size (getrusage), MB.\n\n")

	if len(r.report.Mismatches) > 0 {
		fmt.Fprintf(w, "**WRONG ANSWERS: %d** (see the end)\n\n", len(r.report.Mismatches))
	}
	var sections []string
	bySection := map[string][]*problem{}
	for _, p := range r.report.Problems {
		if _, ok := bySection[p.section]; !ok {
			sections = append(sections, p.section)
		}
		bySection[p.section] = append(bySection[p.section], p)
	}
	for _, sec := range sections {
		if sec == jobShopSection {
			printJobShops(w, bySection[sec])
			continue
		}
		r.printSection(w, sec, bySection[sec])
	}
	fmt.Fprintf(w, "## Every variant\n\n")
	fmt.Fprintf(w, "| problem | solver | variant | median | min – max | CPU | own solve time | runs | nodes | peak MB | result |\n")
	fmt.Fprintf(w, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|\n")
	for _, p := range r.report.Problems {
		for _, v := range p.variants {
			s := summarize(v)
			if !s.ran {
				fmt.Fprintf(w, "| %s | %s | %s | | | | | | | | %s |\n", p.name, v.solver, v.name, s.status)
				continue
			}
			solve := ""
			if s.hasSolve {
				solve = fmtDur(s.solve)
			}
			res := s.detail
			if !s.ok {
				res = strings.TrimSpace(s.status + "; " + s.detail)
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s – %s | %s | %s | %d | %s | %s | %s |\n", p.name, v.solver, v.name,
				fmtDur(s.wall), fmtDur(s.minWall), fmtDur(s.maxWall), fmtDur(s.cpu), solve, s.runs, fmtNodes(s.nodes), fmtMB(s.rssKB), res)
		}
	}
	fmt.Fprintln(w)
	if len(r.report.Notes) > 0 {
		fmt.Fprintf(w, "## Notes\n\n")
		for _, n := range r.report.Notes {
			fmt.Fprintf(w, "- %s\n", n)
		}
		fmt.Fprintln(w)
	}
	if len(r.report.Mismatches) > 0 {
		fmt.Fprintf(w, "## WRONG ANSWERS\n\n")
		for _, m := range r.report.Mismatches {
			fmt.Fprintf(w, "- %s\n", m)
		}
		fmt.Fprintln(w)
	}
}

// pick returns the summary of the variant of solver with the smallest key
// among those that succeeded, or a failed one to show why there is none.
func pick(p *problem, solver string, key func(summary) time.Duration) (summary, bool) {
	var best, failed summary
	found, any := false, false
	for _, v := range p.variants {
		if v.solver != solver {
			continue
		}
		s := summarize(v)
		any = true
		if s.ran && s.ok {
			if !found || key(s) < key(best) {
				best, found = s, true
			}
		} else if failed.status == "" || s.ran {
			failed = s
		}
	}
	if found {
		return best, true
	}
	if !any {
		return summary{}, false
	}
	return failed, true
}

func variantSummary(p *problem, solver, name string) (summary, bool) {
	for _, v := range p.variants {
		if v.solver == solver && v.name == name {
			return summarize(v), true
		}
	}
	return summary{}, false
}

func (r *runner) printSection(w io.Writer, sec string, ps []*problem) {
	fmt.Fprintf(w, "## %s\n\n", sec)
	hasGecode, hasBase, hasSets, hasTdoku := false, false, false, false
	var extras []string // csp variants other than the defaults, in order
	seenExtra := map[string]bool{}
	for _, p := range ps {
		for _, v := range p.variants {
			if v.solver == "csp" && v.name != "default" && !seenExtra[v.name] {
				seenExtra[v.name] = true
				extras = append(extras, v.name)
			}
			hasGecode = hasGecode || v.solver == "gecode"
			hasBase = hasBase || v.solver == "baseline"
			hasTdoku = hasTdoku || v.solver == "tdoku"
		}
		hasSets = hasSets || p.puzzles > 0
	}
	cols := []string{"problem", "csp"}
	align := []string{"---", "--:"}
	for _, x := range extras {
		cols, align = append(cols, "csp "+x), append(align, "--:")
	}
	if hasGecode {
		cols = append(cols, "Gecode solve", "Gecode end to end", "csp/Gecode")
		align = append(align, "--:", "--:", "--:")
		if hasSets {
			cols = append(cols, "csp solve", "csp solve/Gecode solve")
			align = append(align, "--:", "--:")
		}
	}
	if hasBase {
		cols = append(cols, "baseline", "csp/baseline")
		align = append(align, "--:", "--:")
	}
	if hasTdoku {
		cols = append(cols, "tdoku 1 core", "csp --workers 1/tdoku", "csp/tdoku -j 2")
		align = append(align, "--:", "--:", "--:")
	}
	cols, align = append(cols, "nodes csp / Gecode / base", "peak MB csp / Gecode / base"), append(align, "--:", "--:")
	if hasSets {
		cols, align = append(cols, "puzzles/s csp / csp solve / Gecode solve / base"), append(align, "--:")
	}
	if !hasGecode && !hasBase {
		cols = append(cols[:len(cols)-2], "nodes", "peak MB", "result")
		align = append(align[:len(align)-2], "--:", "--:", "---")
	}
	fmt.Fprintf(w, "| %s |\n|%s|\n", strings.Join(cols, " | "), strings.Join(align, "|"))
	for _, p := range ps {
		c, _ := variantSummary(p, "csp", "default")
		row := []string{p.name, cell(c)}
		for _, x := range extras {
			if c1, ok := variantSummary(p, "csp", x); ok {
				row = append(row, cell(c1))
			} else {
				row = append(row, "")
			}
		}
		g, hasG := pick(p, "gecode", func(s summary) time.Duration { return s.solve })
		b, hasB := pick(p, "baseline", func(s summary) time.Duration { return s.wall })
		if hasGecode {
			if hasG {
				gs := g
				gs.wall = g.solve
				row = append(row, cell(gs)+" ("+g.vaName+")", cell(g), ratio(c, c.wall, g, g.solve))
			} else {
				row = append(row, "", "", "")
			}
			if hasSets {
				cs := c
				cs.wall = c.solve
				if !c.hasSolve {
					cs.ran, cs.status = false, "–"
				}
				row = append(row, cell(cs), ratio(cs, cs.wall, g, g.solve))
			}
		}
		if hasBase {
			if hasB {
				row = append(row, cell(b)+" ("+b.vaName+")", ratio(c, c.wall, b, b.wall))
			} else {
				row = append(row, "", "")
			}
		}
		if hasTdoku {
			row = append(row, tdokuCells(p, c)...)
		}
		if !hasGecode && !hasBase {
			res := c.detail
			if !c.ok {
				res = c.status
			}
			row = append(row, fmtNodes(c.nodes), fmtMB(c.rssKB), res)
		} else {
			row = append(row, triple(c, g, hasG, b, hasB, func(s summary) string { return fmtNodes(s.nodes) }),
				triple(c, g, hasG, b, hasB, func(s summary) string { return fmtMB(s.rssKB) }))
			if hasSets {
				rate := func(s summary, d time.Duration) string {
					if !s.ran || !s.ok || d <= 0 {
						return "–"
					}
					return fmt.Sprintf("%.0f", float64(p.puzzles)/d.Seconds())
				}
				cs := c.solve
				if !c.hasSolve {
					cs = 0
				}
				row = append(row, rate(c, c.wall)+" / "+rate(c, cs)+" / "+rate(g, g.solve)+" / "+rate(b, b.wall))
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintln(w)
	var notes []string
	seen := map[string]bool{}
	for _, p := range ps {
		if p.note != "" && !seen[p.note] {
			seen[p.note] = true
			notes = append(notes, p.note)
		}
	}
	for _, n := range notes {
		fmt.Fprintf(w, "Note: %s.\n", n)
	}
	if len(notes) > 0 {
		fmt.Fprintln(w)
	}
}

// tdokuCells are the tdoku columns of a row: tdoku on one core, csp on
// one worker against it, and csp's defaults against tdoku on two
// processes (equal cores both ways).
func tdokuCells(p *problem, c summary) []string {
	t1, ok1 := variantSummary(p, "tdoku", "1 core")
	t2, ok2 := variantSummary(p, "tdoku", "-j 2")
	c1, ok := variantSummary(p, "csp", "--workers 1")
	if !ok1 {
		return []string{"", "", ""}
	}
	out := []string{cell(t1), "–", "–"}
	if ok {
		out[1] = ratio(c1, c1.wall, t1, t1.wall)
	}
	if ok2 {
		out[2] = ratio(c, c.wall, t2, t2.wall)
	}
	return out
}

func triple(c, g summary, hasG bool, b summary, hasB bool, f func(summary) string) string {
	one := func(s summary, has bool) string {
		if !has || !s.ran || s.runs == 0 {
			return "–"
		}
		return f(s)
	}
	return one(c, true) + " / " + one(g, hasG) + " / " + one(b, hasB)
}

// cell is a variant's median wall time, or why there is none.
func cell(s summary) string {
	if !s.ran {
		if s.status == "" {
			return ""
		}
		return s.status
	}
	if !s.ok {
		if strings.HasPrefix(s.status, "timeout") && s.runs > 0 && s.timeouts == 0 {
			return "timeout"
		}
		return "**" + s.status + "**"
	}
	return fmtDur(s.wall)
}

func ratio(a summary, ad time.Duration, b summary, bd time.Duration) string {
	if !a.ran || !a.ok || !b.ran || !b.ok || bd <= 0 {
		return "–"
	}
	return fmtRatio(float64(ad) / float64(bd))
}

func fmtRatio(x float64) string {
	switch {
	case x >= 10:
		return fmt.Sprintf("%.0f×", x)
	case x >= 1:
		return fmt.Sprintf("%.1f×", x)
	case x >= 0.01:
		return fmt.Sprintf("%.2f×", x)
	}
	return fmt.Sprintf("%.3f×", x)
}

func fmtDur(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return fmt.Sprintf("%.2f ms", ms)
	case ms < 100:
		return fmt.Sprintf("%.1f ms", ms)
	case ms < 1000:
		return fmt.Sprintf("%.0f ms", ms)
	case ms < 10000:
		return fmt.Sprintf("%.2f s", ms/1000)
	}
	return fmt.Sprintf("%.1f s", ms/1000)
}

func fmtNodes(n int64) string {
	switch {
	case n < 0:
		return "–"
	case n < 10000:
		return fmt.Sprint(n)
	case n < 1000000:
		return fmt.Sprintf("%.0fk", float64(n)/1e3)
	case n < 1000000000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	}
	return fmt.Sprintf("%.2fG", float64(n)/1e9)
}

func fmtMB(kb int64) string {
	mb := float64(kb) / 1024
	if mb < 10 {
		return fmt.Sprintf("%.1f", mb)
	}
	return fmt.Sprintf("%.0f", mb)
}
