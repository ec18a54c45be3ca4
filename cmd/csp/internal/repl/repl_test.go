package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREPLTranscripts replays cmd/csp/testdata/repl/*.txt. In a transcript,
// a line starting with "csp> " or "...  " is typed input; everything else
// is what the session answered (stdout and stderr, in order). The test
// types the input into a session and compares the whole transcript;
// -update rewrites the answers.
func TestREPLTranscripts(t *testing.T) {
	files, _ := filepath.Glob("cmd/csp/testdata/repl/*.txt")
	if len(files) == 0 {
		t.Fatal("no transcripts in cmd/csp/testdata/repl")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := replay(inputLines(string(data)))
			if *update {
				if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != string(data) {
				_ = os.WriteFile(f+".actual", []byte(got), 0o644)
				t.Errorf("transcript differs (actual in %s.actual):\n%s", f, got)
			}
		})
	}
}

// inputLines extracts what was typed from a transcript.
func inputLines(transcript string) []string {
	var in []string
	for _, l := range strings.Split(transcript, "\n") {
		if rest, ok := strings.CutPrefix(l, Prompt); ok {
			in = append(in, rest)
		} else if rest, ok := strings.CutPrefix(l, ContPrompt); ok {
			in = append(in, rest)
		}
	}
	return in
}

// replay types the lines into a fresh session and writes the transcript.
func replay(lines []string) string {
	var b bytes.Buffer
	s := newSession(&b, &b)
	more := false
	for _, l := range lines {
		if s.quit {
			break
		}
		if more {
			b.WriteString(ContPrompt + l + "\n")
		} else {
			b.WriteString(Prompt + l + "\n")
		}
		more = s.line(l)
	}
	return statTimes.ReplaceAllString(b.String(), "${1}_")
}

// Times and memory in :stats vary from run to run.
var statTimes = regexp.MustCompile(`((search time|peak memory) +)[0-9.]+`)
