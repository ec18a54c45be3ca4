package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Jobs: the lines `csp split` writes and `csp solve --job` reads. A line
// is a JSON object: the job's number and how many there are, the model's
// fingerprint (so that a job is not solved against another model, other
// data or another propagation level), and the job's subproblems, each a
// list of decisions "q[1]=3" or "q[2]!=5" naming the model's variables.
// A path after the first of a line may start with a number K: the first K
// steps of the path before it, and "q[2]!=5,4,6" is a run of x != v
// steps on one variable. Paths near the right spine of a search
// under --prop ac share thousands of x != v steps: written in full, a
// split of 200-queens took 914 MB, and each job line held the square of
// its number of paths.
//
//	{"job":1,"jobs":4,"model":"9f2c4e1a07b3d5e6","paths":[["q[1]=1","q[2]=3"],[1,"q[2]=4"]]}

// jobLine is one line of a split.
type jobLine struct {
	Job   int       `json:"job"`
	Jobs  int       `json:"jobs"`
	Model string    `json:"model"`
	Paths []jobPath `json:"paths"`

	text string // the line, for loadJobLines' lines, whose Paths it drops
}

// id names the job for its JSON lines.
func (l *jobLine) id() output.JobID { return output.JobID{Job: l.Job, Jobs: l.Jobs, Model: l.Model} }

// jobIDs names the jobs of jls.
func jobIDs(jls []*jobLine) []output.JobID {
	ids := make([]output.JobID, len(jls))
	for i, l := range jls {
		ids[i] = l.id()
	}
	return ids
}

// jobPath is a path of a job line: the steps it keeps of the path before
// it, then its own.
type jobPath struct {
	keep  int
	steps []string
}

func (p *jobPath) UnmarshalJSON(data []byte) error {
	// One Unmarshal for the steps: an element at a time takes a call and
	// a copy for each of millions of steps.
	p.keep, p.steps = 0, nil
	rest := bytes.TrimLeft(data, " \t\r\n")
	if len(rest) > 1 && rest[0] == '[' {
		head := bytes.TrimLeft(rest[1:], " \t\r\n")
		if len(head) > 0 && head[0] != '"' && head[0] != ']' {
			end := bytes.IndexAny(head, ",]")
			if end < 0 {
				end = len(head)
			}
			num := bytes.TrimSpace(head[:end])
			k, err := strconv.Atoi(string(num))
			if err != nil || k < 0 {
				return fmt.Errorf("a path starts with a step, or with the number of steps it keeps of the path before it, not %s", num)
			}
			p.keep = k
			if end < len(head) && head[end] == ',' {
				end++
			}
			rest = append([]byte{'['}, head[end:]...)
		}
	}
	if err := json.Unmarshal(rest, &p.steps); err != nil {
		return fmt.Errorf("a path is a list of steps such as \"q[1]=3\" (%v)", err)
	}
	return nil
}

// job is a parsed job, its subproblems resolved against the model.
type job struct {
	number, of int
	model      string
	subs       *engine.Paths
}

// writeJobs writes the groups of a split as job lines: group g is the
// subproblems of paths from starts[g] on.
func writeJobs(w io.Writer, m *engine.Model, paths *engine.Paths, starts []int) error {
	fp := m.Fingerprint()
	names := make([][]byte, m.NumVars()) // each quoted, without its closing quote
	for x := range names {
		q, _ := json.Marshal(m.VarName(engine.Var(x)))
		names[x] = q[:len(q)-1]
	}
	var line []byte
	for g, from := range starts {
		to := paths.Len()
		if g+1 < len(starts) {
			to = starts[g+1]
		}
		line = fmt.Appendf(line[:0], `{"job":%d,"jobs":%d,"model":%q,"paths":[`, g+1, len(starts), fp)
		for i := from; i < to; i++ {
			keep := 0
			if i > from {
				keep = paths.Kept(i)
			}
			if i > from {
				line = append(line, ',')
			}
			line = append(line, '[')
			if keep > 0 {
				line = strconv.AppendInt(line, int64(keep), 10)
			}
			steps := paths.Suffix(i, keep)
			for k, d := range steps {
				if k > 0 && d.Op == engine.DecideNe && steps[k-1].Op == engine.DecideNe && steps[k-1].X == d.X {
					line = append(line[:len(line)-1], ',') // name!=v1,v2: one string for the run
				} else {
					if k > 0 || keep > 0 {
						line = append(line, ',')
					}
					line = append(line, names[d.X]...)
					line = append(line, d.Op.String()...)
				}
				line = strconv.AppendInt(line, d.V, 10)
				line = append(line, '"')
			}
			line = append(line, ']')
		}
		line = append(line, "]}\n"...)
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// findJobs finds the jobs --job names: FILE:K, line K of a split's
// output (K from 1; blank lines are not counted); FILE:K-L, lines K to L;
// FILE, every line of it (a slice of a split, as GNU parallel --pipe
// hands out); or a job line itself. where tells where each was found.
func findJobs(spec string) (texts, wheres []string, err error) {
	if strings.HasPrefix(strings.TrimSpace(spec), "{") {
		return []string{spec}, []string{"--job"}, nil
	}
	path, from, to := spec, 1, 0 // to 0: to the end
	if i := strings.LastIndexByte(spec, ':'); i > 0 {
		k, l, ok := jobRange(spec[i+1:])
		switch {
		case ok:
			path, from, to = spec[:i], k, l
		case reversedRange(spec[i+1:]):
			return nil, nil, fmt.Errorf("--job %s: the range ends before it starts: give FILE:K-L with K <= L", spec)
		case strings.Trim(spec[i+1:], "0123456789-") == "":
			return nil, nil, fmt.Errorf("--job %s: give FILE:K (line K of csp split's output, from 1), FILE:K-L, FILE (every line) or a line of it", spec)
		}
	}
	// The file is read a line at a time and only the lines asked for are
	// kept: a split file can be far larger than the jobs of one process.
	n := 0
	err = eachLine(path, func(no int, line []byte) bool {
		if len(bytes.TrimSpace(line)) == 0 {
			return true
		}
		if n++; n >= from && (to == 0 || n <= to) {
			texts, wheres = append(texts, string(line)), append(wheres, fmt.Sprintf("%s:%d", path, no))
		}
		return to == 0 || n < to
	})
	if err != nil {
		return nil, nil, fmt.Errorf("--job: cannot read %s: %v", path, input.PathError(err))
	}
	switch {
	case to != 0 && n < to:
		return nil, nil, fmt.Errorf("--job %s: %s has %d jobs", spec, path, n)
	case len(texts) == 0:
		return nil, nil, fmt.Errorf("--job %s: %s holds no job", spec, path)
	}
	return texts, wheres, nil
}

// jobRange reads the K or K-L after FILE: in --job.
func jobRange(s string) (from, to int, ok bool) {
	if s == "" || strings.Trim(s, "0123456789-") != "" {
		return 0, 0, false // Atoi would take a sign
	}
	a, b, isRange := strings.Cut(s, "-")
	from, err := strconv.Atoi(a)
	if err != nil || from < 1 {
		return 0, 0, false
	}
	if !isRange {
		return from, from, true
	}
	to, err = strconv.Atoi(b)
	if err != nil || to < from {
		return 0, 0, false
	}
	return from, to, true
}

// reversedRange reports whether s is K-L, in digits, with 1 <= L < K.
func reversedRange(s string) bool {
	a, b, ok := strings.Cut(s, "-")
	if strings.Trim(a+b, "0123456789") != "" {
		return false
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	return ok && err1 == nil && err2 == nil && to >= 1 && to < from
}

// severalJobs reports whether --job spec names a file's jobs or a range
// of them, whose answers only csp merge can put together.
func severalJobs(spec string) bool {
	if strings.HasPrefix(strings.TrimSpace(spec), "{") {
		return false
	}
	i := strings.LastIndexByte(spec, ':')
	if i <= 0 {
		return true
	}
	from, to, ok := jobRange(spec[i+1:])
	return !ok || strings.Contains(spec[i+1:], "-") || from != to
}

// parseJobLine reads a job line, without looking at the model yet.
func parseJobLine(text string) (*jobLine, error) {
	var l jobLine
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("not a line of csp split's output: %v", err)
	}
	if l.Job < 1 || l.Job > l.Jobs || l.Model == "" {
		return nil, fmt.Errorf("not a line of csp split's output: job %d of %d", l.Job, l.Jobs)
	}
	return &l, nil
}

// jobResolver resolves job lines against a model.
type jobResolver struct {
	m    *engine.Model
	prop engine.PropLevel
	fp   string
	vars map[string]engine.Var
}

func newJobResolver(m *engine.Model, prop engine.PropLevel) *jobResolver {
	vars := make(map[string]engine.Var, m.NumVars())
	for x := range m.NumVars() {
		vars[m.VarName(engine.Var(x))] = engine.Var(x)
	}
	return &jobResolver{m: m, prop: prop, fp: m.Fingerprint(), vars: vars}
}

// resolveJob checks that the job was cut from m and resolves its
// decisions against m's variables. A line of loadJobLines is parsed
// again for its paths.
func (jr *jobResolver) resolveJob(l *jobLine) (*job, error) {
	if l.text != "" && l.Paths == nil {
		full, err := parseJobLine(l.text)
		if err != nil {
			return nil, err
		}
		l = full
	}
	return jr.resolve(l, &engine.Paths{})
}

// resolve checks that the job was cut from the model and adds its
// subproblems to paths, sharing their first steps with the path added
// last, which may be another job's.
func (jr *jobResolver) resolve(l *jobLine, paths *engine.Paths) (*job, error) {
	if l.Model != jr.fp {
		return nil, fmt.Errorf("job %d/%d was split from another model (fingerprint %s, this one is %s): "+
			"give csp solve the model, data, -p values and --prop level that csp split had", l.Job, l.Jobs, l.Model, jr.fp)
	}
	j := &job{number: l.Job, of: l.Jobs, model: l.Model, subs: paths}
	var sub engine.Subproblem
	before := 0 // the steps of the path before, in this line
	for i, path := range l.Paths {
		if path.keep > before {
			return nil, fmt.Errorf("job %d/%d, subproblem %d keeps %d of the steps of the path before it, which has %d", l.Job, l.Jobs, i+1, path.keep, before)
		}
		if path.keep > 0 && len(path.steps) == 0 {
			// A prefix of the path before: its subtree holds that path's,
			// which would be searched twice.
			return nil, fmt.Errorf("job %d/%d, subproblem %d keeps %d of the steps of the path before it and adds none: it would search that path again", l.Job, l.Jobs, i+1, path.keep)
		}
		sub = sub[:0]
		for _, step := range path.steps {
			var err error
			if sub, err = parseSteps(sub, step, jr.vars); err != nil {
				return nil, fmt.Errorf("job %d/%d, subproblem %d: %v", l.Job, l.Jobs, i+1, err)
			}
			if sub[len(sub)-1].Op != engine.DecideEq && jr.prop != engine.PropAC {
				return nil, fmt.Errorf("job %d/%d was cut under --prop ac (its paths take x != v, x <= v or x > v steps, which only that search makes): solve it with --prop ac", l.Job, l.Jobs)
			}
		}
		var err error
		if path.keep == 0 { // shares what it can, with the last path of the job before too
			err = paths.Add(sub)
		} else {
			err = paths.Extend(path.keep, sub)
		}
		if err != nil {
			return nil, fmt.Errorf("job %d/%d, subproblem %d: %v", l.Job, l.Jobs, i+1, err)
		}
		before = path.keep + len(sub)
	}
	return j, nil
}

// parseSteps appends the decisions of a step to sub: "name=value",
// "name!=value", "name<=value", "name>value" (domain splitting's halves),
// or "name!=v1,v2,..." for name != v1, name != v2, ... in turn (the
// x != v steps of a path come in runs on one variable). The values are
// integers, so the last = or > ends the name, whatever it holds.
func parseSteps(sub engine.Subproblem, step string, vars map[string]engine.Var) (engine.Subproblem, error) {
	i := strings.LastIndexAny(step, "=>")
	if i < 0 {
		return sub, fmt.Errorf("%q is not name=value, name!=value, name<=value or name>value", step)
	}
	name, op := step[:i], engine.DecideEq
	switch {
	case step[i] == '>':
		op = engine.DecideGt
	case strings.HasSuffix(name, "!"):
		name, op = name[:len(name)-1], engine.DecideNe
	case strings.HasSuffix(name, "<"):
		name, op = name[:len(name)-1], engine.DecideLe
	}
	ne := op == engine.DecideNe
	x, ok := vars[name]
	values := step[i+1:]
	for {
		text, more, several := strings.Cut(values, ",")
		if several && !ne {
			return sub, fmt.Errorf("%q: only name!=value steps take a list of values", step)
		}
		if text == "" {
			return sub, fmt.Errorf("%q: a value is missing after the = or a comma", step)
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return sub, fmt.Errorf("%q: %s is not an integer", step, text)
		}
		if !ok {
			return sub, fmt.Errorf("%q: the model has no variable %s", step, name)
		}
		sub = append(sub, engine.Decision{X: x, V: v, Op: op})
		if !several {
			return sub, nil
		}
		values = more
	}
}

// loadJobLines reads the jobs --job names: their lines, and where each
// was found, for messages.
func loadJobLines(spec string) ([]*jobLine, []string, error) {
	texts, wheres, err := findJobs(spec)
	if err != nil {
		return nil, nil, err
	}
	// Parsed, the paths of a line take several times its text: each is
	// parsed again when its job is checked and when it is searched.
	lines := make([]*jobLine, len(texts))
	for i, text := range texts {
		if lines[i], err = parseJobLine(text); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", wheres[i], err)
		}
		lines[i].Paths, lines[i].text = nil, text
	}
	return lines, wheres, nil
}

// isSplitFile reports whether path holds csp split's output: its first
// line that is not blank is a job line. A batch file's lines are grids.
func isSplitFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false // --each reports it
	}
	defer f.Close()
	// The first bytes that are not blank decide; a job line can be
	// megabytes long, longer than a bufio.Scanner's line.
	r := bufio.NewReader(f)
	for {
		b, err := r.ReadByte()
		if err != nil {
			return false
		}
		if b == ' ' || b == '\t' || b == '\r' || b == '\n' {
			continue
		}
		r.UnreadByte()
		head, _ := r.Peek(len(`{"job":`))
		return string(head) == `{"job":`
	}
}

// loadAllJobs reads every job of a split file, checks that they are all
// there, once, from one split of this model, and joins their subproblems
// into one job: csp solve MODEL --each jobs.txt searches them all, as
// the jobs would on as many machines, for the whole answer. The file is
// read a line at a time into one Paths, where consecutive jobs share
// their first steps: memory grows with the subproblems, not with the
// file. over is checked after each line; past the memory limit the
// error is errJobsMemory.
func loadAllJobs(path string, m *engine.Model, prop engine.PropLevel, guard *limits.Guard) (*job, error) {
	all := &job{subs: &engine.Paths{}}
	seen := map[int]bool{}
	jr := newJobResolver(m, prop)
	var failed error
	err := eachLine(path, func(no int, text []byte) bool {
		if len(bytes.TrimSpace(text)) == 0 {
			return true
		}
		where := fmt.Sprintf("%s:%d", path, no)
		l, err := parseJobLine(string(text))
		if err == nil && seen[l.Job] {
			err = fmt.Errorf("job %d is there twice", l.Job)
		}
		if err == nil && all.of != 0 && l.Jobs != all.of {
			err = fmt.Errorf("job %d of %d is from another split than the lines before (%d jobs)", l.Job, l.Jobs, all.of)
		}
		if err == nil {
			_, err = jr.resolve(l, all.subs)
		}
		if err == nil && guard.Over() {
			err = jobsMemoryError{guard.Limit}
		}
		if err != nil {
			failed = fmt.Errorf("%s: %w", where, err)
			return false
		}
		seen[l.Job], all.of = true, l.Jobs
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, input.PathError(err))
	}
	if failed != nil {
		return nil, failed
	}
	for k := 1; k <= all.of; k++ {
		if !seen[k] {
			return nil, fmt.Errorf("%s: job %d of %d is missing: --each searches every job of a split, for the whole answer", path, k, all.of)
		}
	}
	return all, nil
}

// jobsMemoryError is loadAllJobs' error past the memory limit.
type jobsMemoryError struct{ limit int64 }

func (e jobsMemoryError) Error() string {
	return fmt.Sprintf("reading the jobs took the heap past %s, the memory limit (--max-memory)", lang.SizeText(e.limit))
}
