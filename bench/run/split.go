package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The split rows: a count cut by `csp split` into many jobs, run by GNU
// parallel on the machine's cores and put together by `csp merge`,
// beside the same count on --workers. The jobs pay for a process each
// (start-up, compiling the model, replaying their paths) where the
// workers share one; the row shows what that costs.

func (r *runner) splitRows() []*problem {
	if _, err := exec.LookPath("parallel"); err != nil {
		r.notef("split rows skipped: GNU parallel is not installed (Debian: apt-get install parallel)")
		return nil
	}
	n, jobs := 15, 1000
	if r.cfg.Quick {
		n, jobs = 10, 100
	}
	want := queensCounts[n]
	cores := r.tools.ncpu
	p := &problem{section: "Past one machine: split, GNU parallel, merge", name: fmt.Sprintf("queens count n=%d split", n), size: n,
		note: fmt.Sprintf("%d jobs by csp split, run %d at a time by GNU parallel (one worker each), merged by csp merge; the row's time is the whole pipeline", jobs, cores)}
	model := []string{"models/queens.csp", "-p", fmt.Sprintf("n=%d", n)}
	p.variants = append(p.variants, &variant{solver: "csp", name: fmt.Sprintf("--workers %d", cores), family: "split/workers", run: func() result {
		args := append(append([]string{"solve"}, model...), "--count", "--workers", fmt.Sprint(cores))
		o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			checkCount(&res, firstInt(o.stdout), want)
		}
		return res
	}})
	// parallel's exit status counts the jobs that exited non-zero, and a
	// job whose part has no solution exits 1: merge is the judge.
	p.variants = append(p.variants, &variant{solver: "csp", name: fmt.Sprintf("split %d + parallel -j %d + merge", jobs, cores), family: "split/jobs", run: func() result {
		dir, err := os.MkdirTemp(r.tmp, "split")
		if err != nil {
			return result{status: "error: " + err.Error()}
		}
		defer os.RemoveAll(dir)
		jobsFile, out := filepath.Join(dir, "jobs.txt"), filepath.Join(dir, "out.jsonl")
		script := fmt.Sprintf("%[1]s split %[2]s --jobs %[3]d > %[4]s && seq %[3]d | parallel -j %[5]d %[1]s solve %[2]s --count --json --workers 1 --job %[4]s:{} > %[6]s; %[1]s merge %[6]s",
			r.tools.csp, fmt.Sprintf("%s %s %s", model[0], model[1], model[2]), jobs, jobsFile, cores, out)
		o := execute(r.cfg.Root, r.cfg.Timeout, "sh", "-c", script)
		res := cspResult(o)
		if res.ok() {
			checkCount(&res, firstInt(o.stdout), want)
		}
		return res
	}})
	return []*problem{p}
}
