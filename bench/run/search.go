package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The search itself (issue 26): a satisfaction model that needs restarts,
// beside Gecode with restarts; and the job shops judged by the best
// makespan each finds in 10 s on two cores, beside Gecode.

const (
	searchSection  = "Search: restarts"
	jobShopSection = "Job shops: best makespan in 10 s"
)

// jobShops are the seven instances of issue 26 with their best known
// makespans (all proven optimal).
var jobShops = []struct {
	name string
	best int64
}{
	{"ft10", 930}, {"la21", 1046}, {"la29", 1152}, {"la38", 1196}, {"abz7", 656}, {"swv01", 1407}, {"orb01", 1059},
}

// jobShopLimit is the time each solver gets on a job shop.
const jobShopLimit = 10 * time.Second

// searchRows are the problems of both sections.
func (r *runner) searchRows() []*problem {
	ps := []*problem{r.rotatingWorkforce()}
	if r.cfg.Quick {
		return ps
	}
	for _, js := range jobShops {
		ps = append(ps, r.jobShop(js.name, js.best))
	}
	return ps
}

// rotatingWorkforce is the first roster of examples/rotating-workforce.csp:
// csp's defaults (which restart), csp without restarts, and Gecode with
// dom/wdeg and Luby restarts on the same model.
func (r *runner) rotatingWorkforce() *problem {
	p := &problem{section: searchSection, name: "rotating workforce 0103 (first roster)",
		note: "rotating workforce: csp's defaults restart (Luby, 64 failures); `--restarts none` is the search without them; Gecode: dom_w_deg, indomain_min, restart_luby(250)"}
	run := func(extra []string) result {
		args := append([]string{"solve", "examples/rotating-workforce.csp", "-s", "--timeout", "10"}, extra...)
		o := execute(r.cfg.Root, 20*time.Second, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() && statInt(o.stderr, "solutions") != 1 {
			res.status = "WRONG: no roster"
			res.wrong = append(res.wrong, "rotating workforce: no roster printed")
		}
		return res
	}
	p.variants = r.cspVariants("search/rw", [][]string{{"--restarts", "none"}}, run)
	if r.cfg.Quick {
		p.variants[1].skip = "not run in smoke mode: it runs to the time limit"
	}
	mzn := filepath.Join(r.tools.mznDir, "rotating_workforce.mzn")
	if r.tools.minizinc != "" && fileExists(mzn) {
		p.variants = append(p.variants, &variant{solver: "gecode", name: "restarts", family: "search/rw/gecode", run: func() result {
			res, o := r.minizinc(r.cfg.Timeout, mzn)
			if res.ok() && !strings.Contains(string(o.stdout), "----------") {
				res.status = "timeout"
			}
			return res
		}})
	}
	return p
}

// jobShop runs csp's defaults on two workers and Gecode for jobShopLimit
// on one instance; each run's detail is its best makespan.
func (r *runner) jobShop(name string, best int64) *problem {
	p := &problem{section: jobShopSection, name: "job shop " + name, size: int(best)}
	data := filepath.Join("bench", "data", "jobshop", name+".csp")
	p.variants = append(p.variants, &variant{solver: "csp", name: "default", family: "jobshop/csp/" + name, run: func() result {
		o := execute(r.cfg.Root, jobShopLimit+10*time.Second, r.tools.csp, "solve", "examples/jobshop-ft06.csp", data,
			"--json", "--workers", "2", "--timeout", secs(jobShopLimit))
		res := cspResult(o)
		if res.status == "timeout" {
			res.status = "" // the limit is the point: what counts is the makespan found
		}
		r.makespan(&res, name, best, lastObjective(o.stdout))
		return res
	}})
	dzn := filepath.Join(r.tools.mznDir, "jobshop", name+".dzn")
	if r.tools.minizinc == "" || !fileExists(dzn) {
		return p
	}
	p.variants = append(p.variants, &variant{solver: "gecode", name: "default", family: "jobshop/gecode/" + name, run: func() result {
		res, o := r.minizinc(jobShopLimit, "--intermediate", filepath.Join(r.tools.mznDir, "jobshop.mzn"), dzn)
		if res.status == "timeout" {
			res.status = ""
		}
		r.makespan(&res, name, best, mznObjective(o.stdout))
		return res
	}})
	return p
}

// makespan records a job shop's best makespan in res, or why it has none.
func (r *runner) makespan(res *result, name string, best, got int64) {
	switch {
	case !res.ok():
	case got < 0:
		res.status = "no schedule"
	case got < best:
		res.status = "WRONG makespan"
		res.wrong = append(res.wrong, fmt.Sprintf("%s: makespan %d below the optimum %d", name, got, best))
	default:
		res.detail = fmt.Sprintf("makespan %d", got)
	}
}

// lastObjective reads the last objective of csp's JSON stream, or -1.
func lastObjective(stdout []byte) int64 {
	got := int64(-1)
	for _, line := range strings.Split(string(stdout), "\n") {
		var l struct {
			Objective *int64 `json:"objective"`
		}
		if json.Unmarshal([]byte(line), &l) == nil && l.Objective != nil {
			got = *l.Objective
		}
	}
	return got
}

var reMakespan = regexp.MustCompile(`makespan (\d+)`)

// medianMakespan is the median of the makespans a variant's runs found,
// or -1.
func medianMakespan(v *variant) int64 {
	var ms []int64
	for _, res := range v.results {
		if m := reMakespan.FindStringSubmatch(res.detail); m != nil {
			x, _ := strconv.ParseInt(m[1], 10, 64)
			ms = append(ms, x)
		}
	}
	if len(ms) == 0 {
		return -1
	}
	slices.Sort(ms)
	return ms[(len(ms)-1)/2]
}

// printJobShops writes the job shops' table: each solver's median best
// makespan and its gap to the best known, and the mean gaps.
func printJobShops(w io.Writer, ps []*problem) {
	fmt.Fprintf(w, "## %s\n\n", jobShopSection)
	fmt.Fprintf(w, "Each solver gets %s of wall time per instance: csp with its defaults on `--workers 2` "+
		"(one worker runs LNS beside the complete search), Gecode with the default search of bench/mzn/jobshop.mzn "+
		"(one thread, `--intermediate`, the last schedule printed counts). Median of the runs' best makespans; gap = makespan / best known − 1.\n\n", jobShopLimit)
	fmt.Fprintf(w, "| instance | best known | csp | csp gap | Gecode | Gecode gap |\n|---|--:|--:|--:|--:|--:|\n")
	var gaps [2][]float64
	for _, p := range ps {
		row := []string{strings.TrimPrefix(p.name, "job shop "), strconv.Itoa(p.size)}
		for k, solver := range []string{"csp", "gecode"} {
			ms := int64(-1)
			for _, v := range p.variants {
				if v.solver == solver {
					ms = medianMakespan(v)
				}
			}
			if ms < 0 {
				row = append(row, "–", "–")
				continue
			}
			gap := float64(ms)/float64(p.size) - 1
			gaps[k] = append(gaps[k], gap)
			row = append(row, strconv.FormatInt(ms, 10), fmt.Sprintf("%.1f%%", 100*gap))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	mean := func(g []float64) string {
		if len(g) == 0 {
			return "–"
		}
		s, hi := 0.0, 0.0
		for _, x := range g {
			s, hi = s+x, max(hi, x)
		}
		return fmt.Sprintf("%.1f%% (largest %.1f%%)", 100*s/float64(len(g)), 100*hi)
	}
	fmt.Fprintf(w, "| mean gap | | | %s | | %s |\n\n", mean(gaps[0]), mean(gaps[1]))
}
