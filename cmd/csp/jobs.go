package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Jobs: the lines `csp split` writes and `csp solve --job` reads. A line
// is a JSON object: the job's number and how many there are, the model's
// fingerprint (so that a job is not solved against another model, other
// data or another propagation level), and the job's subproblems, each a
// list of decisions "q[1]=3" or "q[2]!=5" naming the model's variables.
//
//	{"job":1,"jobs":4,"model":"9f2c4e1a07b3d5e6","paths":[["q[1]=1","q[2]=3"],["q[1]=1","q[2]=4"]]}

// jobLine is one line of a split.
type jobLine struct {
	Job   int        `json:"job"`
	Jobs  int        `json:"jobs"`
	Model string     `json:"model"`
	Paths [][]string `json:"paths"`
}

// job is a parsed job, its subproblems resolved against the model.
type job struct {
	number, of int
	model      string
	subs       []engine.Subproblem
}

// writeJobs writes the groups of a split as job lines.
func writeJobs(w io.Writer, m *engine.Model, groups [][]engine.Subproblem) error {
	enc := json.NewEncoder(w)
	fp := m.Fingerprint()
	for k, g := range groups {
		line := jobLine{Job: k + 1, Jobs: len(groups), Model: fp, Paths: make([][]string, len(g))}
		for i, sub := range g {
			path := make([]string, len(sub))
			for j, d := range sub {
				op := "="
				if d.NotEqual {
					op = "!="
				}
				path[j] = m.VarName(d.X) + op + strconv.FormatInt(d.V, 10)
			}
			line.Paths[i] = path
		}
		if err := enc.Encode(line); err != nil {
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
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--job: cannot read %s: %v", path, unwrapPathError(err))
	}
	n := 0
	for no, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if n++; n >= from && (to == 0 || n <= to) {
			texts, wheres = append(texts, line), append(wheres, fmt.Sprintf("%s:%d", path, no+1))
		}
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

// resolveJob checks that the job was cut from m and resolves its
// decisions against m's variables.
func resolveJob(l *jobLine, m *engine.Model, prop engine.PropLevel) (*job, error) {
	if fp := m.Fingerprint(); l.Model != fp {
		return nil, fmt.Errorf("job %d/%d was split from another model (fingerprint %s, this one is %s): "+
			"give csp solve the model, data, -p values and --prop level that csp split had", l.Job, l.Jobs, l.Model, fp)
	}
	vars := make(map[string]engine.Var, m.NumVars())
	for x := range m.NumVars() {
		vars[m.VarName(engine.Var(x))] = engine.Var(x)
	}
	j := &job{number: l.Job, of: l.Jobs, model: l.Model, subs: make([]engine.Subproblem, len(l.Paths))}
	for i, path := range l.Paths {
		sub := make(engine.Subproblem, len(path))
		for k, step := range path {
			d, err := parseDecision(step, vars)
			if err != nil {
				return nil, fmt.Errorf("job %d/%d, subproblem %d: %v", l.Job, l.Jobs, i+1, err)
			}
			if d.NotEqual && prop != engine.PropAC {
				return nil, fmt.Errorf("job %d/%d was cut under --prop ac (its paths take x != v steps, which only that search makes): solve it with --prop ac", l.Job, l.Jobs)
			}
			sub[k] = d
		}
		j.subs[i] = sub
	}
	return j, nil
}

// parseDecision reads "name=value" or "name!=value". The value is an
// integer, so the last = separates it, whatever the name holds.
func parseDecision(step string, vars map[string]engine.Var) (engine.Decision, error) {
	i := strings.LastIndexByte(step, '=')
	if i < 0 {
		return engine.Decision{}, fmt.Errorf("%q is not name=value or name!=value", step)
	}
	name, ne := step[:i], false
	if strings.HasSuffix(name, "!") {
		name, ne = name[:len(name)-1], true
	}
	v, err := strconv.ParseInt(step[i+1:], 10, 64)
	if err != nil {
		return engine.Decision{}, fmt.Errorf("%q: %s is not an integer", step, step[i+1:])
	}
	x, ok := vars[name]
	if !ok {
		return engine.Decision{}, fmt.Errorf("%q: the model has no variable %s", step, name)
	}
	return engine.Decision{X: x, V: v, NotEqual: ne}, nil
}

// loadJobLines reads the jobs --job names: their lines, and where each
// was found, for messages.
func loadJobLines(spec string) ([]*jobLine, []string, error) {
	texts, wheres, err := findJobs(spec)
	if err != nil {
		return nil, nil, err
	}
	lines := make([]*jobLine, len(texts))
	for i, text := range texts {
		if lines[i], err = parseJobLine(text); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", wheres[i], err)
		}
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
// the jobs would on as many machines, for the whole answer.
func loadAllJobs(path string, m *engine.Model, prop engine.PropLevel) (*job, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, unwrapPathError(err))
	}
	all := &job{}
	seen := map[int]bool{}
	for no, text := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(text) == "" {
			continue
		}
		where := fmt.Sprintf("%s:%d", path, no+1)
		l, err := parseJobLine(text)
		if err == nil && seen[l.Job] {
			err = fmt.Errorf("job %d is there twice", l.Job)
		}
		if err == nil && all.of != 0 && l.Jobs != all.of {
			err = fmt.Errorf("job %d of %d is from another split than the lines before (%d jobs)", l.Job, l.Jobs, all.of)
		}
		var j *job
		if err == nil {
			j, err = resolveJob(l, m, prop)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		seen[l.Job], all.of = true, l.Jobs
		all.subs = append(all.subs, j.subs...)
	}
	for k := 1; k <= all.of; k++ {
		if !seen[k] {
			return nil, fmt.Errorf("%s: job %d of %d is missing: --each searches every job of a split, for the whole answer", path, k, all.of)
		}
	}
	return all, nil
}
