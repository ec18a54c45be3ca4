package jobs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// LoadLines reads the jobs --job names: their lines, and where each
// was found, for messages.
func LoadLines(spec string) ([]*Line, []string, error) {
	texts, wheres, err := findJobs(spec)
	if err != nil {
		return nil, nil, err
	}
	// Parsed, the paths of a line take several times its text: each is
	// parsed again when its job is checked and when it is searched.
	lines := make([]*Line, len(texts))
	for i, text := range texts {
		if lines[i], err = ParseLine(text); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", wheres[i], err)
		}
		lines[i].Paths, lines[i].text = nil, text
	}
	return lines, wheres, nil
}

// IsSplitFile reports whether path holds csp split's output: its first
// line that is not blank is a job line. A batch file's lines are grids.
func IsSplitFile(path string) bool {
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

// LoadAll reads every job of a split file, checks that they are all
// there, once, from one split of this model, and joins their subproblems
// into one job: csp solve MODEL --each jobs.txt searches them all, as
// the jobs would on as many machines, for the whole answer. The file is
// read a line at a time into one Paths, where consecutive jobs share
// their first steps: memory grows with the subproblems, not with the
// file. The guard is checked after each line; past the memory limit the
// error is a MemoryError.
func LoadAll(path string, m *engine.Model, prop engine.PropLevel, guard *limits.Guard) (*Job, error) {
	all := &Job{Subs: &engine.Paths{}}
	seen := map[int]bool{}
	jr := NewResolver(m, prop)
	var failed error
	err := eachLine(path, func(no int, text []byte) bool {
		if len(bytes.TrimSpace(text)) == 0 {
			return true
		}
		where := fmt.Sprintf("%s:%d", path, no)
		l, err := ParseLine(string(text))
		if err == nil && seen[l.Job] {
			err = fmt.Errorf("job %d is there twice", l.Job)
		}
		if err == nil && all.Of != 0 && l.Jobs != all.Of {
			err = fmt.Errorf("job %d of %d is from another split than the lines before (%d jobs)", l.Job, l.Jobs, all.Of)
		}
		if err == nil {
			_, err = jr.resolve(l, all.Subs)
		}
		if err == nil && guard.Over() {
			err = MemoryError{Limit: guard.Limit}
		}
		if err != nil {
			failed = fmt.Errorf("%s: %w", where, err)
			return false
		}
		seen[l.Job], all.Of = true, l.Jobs
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, input.PathError(err))
	}
	if failed != nil {
		return nil, failed
	}
	for k := 1; k <= all.Of; k++ {
		if !seen[k] {
			return nil, fmt.Errorf("%s: job %d of %d is missing: --each searches every job of a split, for the whole answer", path, k, all.Of)
		}
	}
	return all, nil
}

// MemoryError is LoadAll's error past the memory limit.
type MemoryError struct{ Limit int64 }

func (e MemoryError) Error() string {
	return fmt.Sprintf("reading the jobs took the heap past %s, the memory limit (--max-memory)", lang.SizeText(e.Limit))
}
