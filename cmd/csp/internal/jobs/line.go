package jobs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
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

// Line is one line of a split.
type Line struct {
	Job   int    `json:"job"`
	Jobs  int    `json:"jobs"`
	Model string `json:"model"`
	Paths []Path `json:"paths"`

	text string // the line, for LoadLines' lines, whose Paths it drops
}

// Path is a path of a job line: the steps it keeps of the path before
// it, then its own.
type Path struct {
	Keep  int
	Steps []string
}

func (p *Path) UnmarshalJSON(data []byte) error {
	// One Unmarshal for the steps: an element at a time takes a call and
	// a copy for each of millions of steps.
	p.Keep, p.Steps = 0, nil
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
			p.Keep = k
			if end < len(head) && head[end] == ',' {
				end++
			}
			rest = append([]byte{'['}, head[end:]...)
		}
	}
	if err := json.Unmarshal(rest, &p.Steps); err != nil {
		return fmt.Errorf("a path is a list of steps such as \"q[1]=3\" (%v)", err)
	}
	return nil
}

// Job is a parsed job, its subproblems resolved against the model.
type Job struct {
	Number, Of int
	Model      string
	Subs       *engine.Paths
}

// ParseLine reads a job line, without looking at the model yet.
func ParseLine(text string) (*Line, error) {
	var l Line
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
