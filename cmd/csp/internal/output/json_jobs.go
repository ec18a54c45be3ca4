package output

import (
	"bytes"
	"encoding/json"
	"io"
)

// JobID names a job of csp split: its number, how many there are, and
// the model's fingerprint.
type JobID struct {
	Job, Jobs int
	Model     string
}

// tag is the job's fields as they open every line of its stream.
func (id JobID) tag() []byte {
	b, _ := json.Marshal(struct {
		Job   int    `json:"job"`
		Jobs  int    `json:"jobs"`
		Model string `json:"model"`
	}{id.Job, id.Jobs, id.Model})
	return append(b[1:len(b)-1], ',')
}

// TagJob marks every line that follows as job id's, and has solution and
// status lines carry what csp merge needs to print the whole answer: the
// text csp solve prints for a solution, and the objective's sense.
func (j *JSON) TagJob(id JobID) {
	if j == nil {
		return
	}
	j.tag = id.tag()
}

// ForJobs has j write each line once for every job in ids, tagged with
// the job: an error before the jobs are solved (compiling the model) is
// every job's, and csp merge names each as failed. nil stays nil.
func (j *JSON) ForJobs(ids []JobID) *JSON {
	if j == nil {
		return nil
	}
	if len(ids) == 1 {
		j.TagJob(ids[0])
		return j
	}
	f := &jobsFanOut{w: j.W}
	for _, id := range ids {
		f.tags = append(f.tags, id.tag())
	}
	return &JSON{W: f, Start: j.Start}
}

// jobsFanOut writes each line (a JSON stream writes one a call) once per
// tag, the tag after the line's first field as JSON.Emit puts it.
type jobsFanOut struct {
	w    io.Writer
	tags [][]byte
}

func (f *jobsFanOut) Write(line []byte) (int, error) {
	at := bytes.IndexByte(line, ',') + 1
	for _, tag := range f.tags {
		if _, err := f.w.Write(append(append(append([]byte(nil), line[:at]...), tag...), line[at:]...)); err != nil {
			return 0, err
		}
	}
	return len(line), nil
}
