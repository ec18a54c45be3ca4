package batch

import (
	"errors"
	"slices"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// batchWorker solves instances one after another. When they share the
// model lowered once, it keeps one solver and resets it between them:
// building a solver costs more than solving most sudokus.
type batchWorker struct {
	run   *batchRun
	model *engine.Model
	s     *engine.Solver
	vals  []int64 // an answer's values, before they are formatted
}

// solver returns a solver for m at its root, with this instance's
// deadline.
func (w *batchWorker) solver(m *engine.Model) (*engine.Solver, error) {
	if w.s != nil && w.model == m {
		w.s.Reset()
	} else {
		w.release()
		s, err := engine.NewSolver(m, w.run.options(m, searchopt.Goal{First: !w.run.count}))
		if err != nil {
			return nil, err
		}
		w.s, w.model = s, m
		w.run.track(s, true)
	}
	var deadline time.Time
	if w.run.timeout > 0 {
		deadline = time.Now().Add(w.run.timeout)
	}
	w.s.SetDeadline(deadline)
	return w.s, nil
}

func (w *batchWorker) release() {
	if w.s != nil {
		w.run.track(w.s, false)
		w.s, w.model = nil, nil
	}
}

// solve answers one instance.
func (w *batchWorker) solve(j batchJob) batchResult {
	r := w.run
	res := batchResult{n: j.n}
	if r.stopped.Load() {
		res.status = "interrupted"
		return res
	}
	inst, err := r.batch.Instance(j.text)
	if err != nil && lang.HitLimit(err) && r.stopped.Load() {
		res.status = "interrupted" // while the line was compiled: no mistake in it
		return res
	}
	if err != nil {
		res.status, res.err = "invalid", err.Error()
		if errors.As(err, &res.errAt) {
			res.text = j.text
		}
		return res
	}
	s, err := w.solver(inst.Program.Model)
	if err != nil {
		res.status, res.err = "invalid", err.Error()
		return res
	}
	feasible := true
	for _, fx := range inst.Fixes {
		if !s.Restrict(fx.Var, []int64{fx.Value}) {
			feasible = false
			break
		}
	}
	status := engine.Exhausted
	if feasible {
		status = r.search(s, inst, &res, &w.vals)
	}
	res.stats = s.Stats()
	if status == engine.Stopped {
		res.stopped = "timeout"
		if r.stopped.Load() {
			res.stopped = "interrupted"
		}
	}
	switch {
	case status == engine.Exhausted && res.count == 0:
		res.status = "unsatisfiable"
	case status == engine.Exhausted && r.count:
		res.status = "all_solutions"
	case status == engine.Exhausted && res.objective != nil:
		res.status = "optimal"
	case res.count > 0: // a limit may have stopped it after a solution, as in solve
		res.status = "solution"
	default:
		res.status = res.stopped
	}
	return res
}

// search runs one instance's search: to its first solution, to the proven
// optimum when the model has an objective, or to the end when counting.
// It returns how the search ended (Solution: stopped at the first).
func (r *batchRun) search(s *engine.Solver, inst *lang.Instance, res *batchResult, buf *[]int64) engine.Status {
	sense, _ := inst.Program.Model.Objective()
	optimizing := sense != engine.Satisfy
	for {
		status := s.Next()
		if status != engine.Solution {
			return status
		}
		res.count++
		if r.count {
			continue
		}
		vals := slices.Grow((*buf)[:0], len(inst.Out))[:len(inst.Out)] // the worker's, reused
		*buf = vals
		for i, v := range inst.Out {
			vals[i] = s.Value(v)
		}
		res.answer = lang.FormatLine(vals)
		if !optimizing {
			return engine.Solution
		}
		obj := s.Objective()
		res.objective = &obj
	}
}

func (r *batchRun) track(s *engine.Solver, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if on {
		r.running[s] = true
		if r.stopped.Load() {
			s.Stop()
		}
	} else {
		delete(r.running, s)
	}
}
