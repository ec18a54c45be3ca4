package jobs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The forms of --job: which name several jobs, and the ranges.
func TestJobRange(t *testing.T) {
	for _, c := range []struct {
		spec    string
		several bool
	}{
		{"jobs.txt:3", false}, {"jobs.txt:3-3", true}, {"jobs.txt:2-5", true}, {"jobs.txt", true},
		{"dir:x/jobs.txt", true}, {`{"job":1}`, false},
	} {
		if got := SeveralJobs(c.spec); got != c.several {
			t.Errorf("SeveralJobs(%q) = %v, want %v", c.spec, got, c.several)
		}
	}
	for _, c := range []struct {
		s        string
		from, to int
		ok       bool
	}{
		{"3", 3, 3, true}, {"2-5", 2, 5, true}, {"0", 0, 0, false}, {"5-2", 0, 0, false}, {"2-", 0, 0, false}, {"x", 0, 0, false},
		{"+2", 0, 0, false}, {"+2-+3", 0, 0, false}, {"2-+3", 0, 0, false}, {"", 0, 0, false}, {"02-03", 2, 3, true},
	} {
		from, to, ok := jobRange(c.s)
		if from != c.from || to != c.to || ok != c.ok {
			t.Errorf("jobRange(%q) = %d, %d, %v; want %d, %d, %v", c.s, from, to, ok, c.from, c.to, c.ok)
		}
	}
}

// A split file is told from a batch file by its first line that is not
// blank, however long: ac paths make job lines of megabytes.
func TestIsSplitFile(t *testing.T) {
	dir := t.TempDir()
	long := "\n  " + `{"job":1,"jobs":1,"model":"x","paths":[["` + strings.Repeat("q[1]!=1\",\"", 20000) + `q[1]=2"]]}` + "\n"
	for name, c := range map[string]struct {
		text string
		want bool
	}{
		"long.txt":  {long, true},
		"batch.txt": {"12.4\n", false},
		"empty.txt": {"\n\n", false},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := IsSplitFile(path); got != c.want {
			t.Errorf("%s: isSplitFile %v, want %v", name, got, c.want)
		}
	}
}
