package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The split rows: a count cut by `csp split` into many jobs, run by GNU
// parallel on the machine's cores and put together by `csp merge`,
// beside the same count in one process. The csp column is that one
// process (--workers = the cores, the default); the jobs pay for a
// process each (start-up, compiling the model) where the workers share
// one: the row shows what that costs with a process a job, and with a
// process a chunk of jobs (parallel --pipe hands each csp a slice of the
// split file, `csp solve --job FILE` solves every job in it), which is
// how many jobs should run. --each is the same jobs in one process.
func (r *runner) splitRows() []*problem {
	if _, err := exec.LookPath("parallel"); err != nil {
		r.notef("split rows skipped: GNU parallel is not installed (Debian: apt-get install parallel)")
		return nil
	}
	n, jobs, chunk := 15, 1000, 50
	if r.cfg.Quick {
		n, jobs, chunk = 10, 100, 10
	}
	want := queensCounts[n]
	cores := r.tools.ncpu
	p := &problem{section: "Past one machine: split, GNU parallel, merge", name: fmt.Sprintf("queens count n=%d split", n), size: n,
		note: fmt.Sprintf("csp: one process, --workers %d (the default); the other columns: %d jobs by csp split, run %d at a time by GNU parallel (one worker each; a process a job, or a process for each %d jobs) or by --each in one process, merged by csp merge; their time is the whole pipeline, split included", cores, jobs, cores, chunk)}
	model := []string{"models/queens.csp", "-p", fmt.Sprintf("n=%d", n)}
	modelArgs := fmt.Sprintf("%s %s %s", model[0], model[1], model[2])
	p.variants = append(p.variants, &variant{solver: "csp", name: "default", family: "split/workers", run: func() result {
		args := append(append([]string{"solve"}, model...), "--count", "--workers", fmt.Sprint(cores))
		o := execute(r.cfg.Root, r.cfg.Timeout, r.tools.csp, args...)
		res := cspResult(o)
		if res.ok() {
			checkCount(&res, firstInt(o.stdout), want)
		}
		return res
	}})
	// pipeline runs `csp split` into jobs.txt, then run (given the csp
	// binary, the model's arguments and the file names), whose last step
	// prints the count.
	pipeline := func(name, family string, run func(csp, model, jobsFile, out string) string) *variant {
		return &variant{solver: "csp", name: name, family: family, run: func() result {
			dir, err := os.MkdirTemp(r.tmp, "split")
			if err != nil {
				return result{status: "error: " + err.Error()}
			}
			defer os.RemoveAll(dir)
			jobsFile, out := filepath.Join(dir, "jobs.txt"), filepath.Join(dir, "out.jsonl")
			script := fmt.Sprintf("%s split %s --jobs %d > %s && %s",
				r.tools.csp, modelArgs, jobs, jobsFile, run(r.tools.csp, modelArgs, jobsFile, out))
			o := execute(r.cfg.Root, r.cfg.Timeout, "sh", "-c", script)
			res := cspResult(o)
			if res.ok() {
				checkCount(&res, firstInt(o.stdout), want)
			}
			return res
		}}
	}
	// parallel's exit status counts the jobs that exited non-zero, and a
	// job whose part has no solution exits 1: merge is the judge.
	p.variants = append(p.variants,
		pipeline(fmt.Sprintf("split %d + parallel -j %d + merge", jobs, cores), "split/jobs", func(csp, model, jobsFile, out string) string {
			return fmt.Sprintf("{ seq %d | parallel -j %d %s solve %s --count --json --workers 1 --job %s:{} > %s; %s merge %s; }",
				jobs, cores, csp, model, jobsFile, out, csp, out)
		}),
		pipeline(fmt.Sprintf("split %d + parallel --pipe -N %d -j %d + merge", jobs, chunk, cores), "split/chunks", func(csp, model, jobsFile, out string) string {
			return fmt.Sprintf("{ parallel --pipe -N %d -j %d --cat %s solve %s --count --json --workers 1 --job {} < %s > %s; %s merge %s; }",
				chunk, cores, csp, model, jobsFile, out, csp, out)
		}),
		pipeline(fmt.Sprintf("split %d + --each", jobs), "split/each", func(csp, model, jobsFile, _ string) string {
			return fmt.Sprintf("%s solve %s --count --workers %d --each %s", csp, model, cores, jobsFile)
		}),
	)
	return []*problem{p}
}
