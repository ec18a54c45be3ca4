package main

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"
)

// TestStatsDepth: -s says what the depth counts. Counting 8-queens under
// fc, every solution is 8 assignments deep; under ac the x != v branches
// make the branches longer than the x = v ones.
func TestStatsDepth(t *testing.T) {
	acLine := regexp.MustCompile(`\nmax depth      (\d+) decisions \(x = v or x != v\), at most (\d+) x = v\n`)
	for _, prop := range []string{"fc", "ac"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"solve", "models/queens.csp", "--count", "-s", "--workers", "1", "--prop", prop}, nil, &stdout, &stderr)
		if code != exitSolved {
			t.Fatalf("--prop %s: exit %d, stderr:\n%s", prop, code, stderr.String())
		}
		if prop == "fc" {
			if !bytes.Contains(stderr.Bytes(), []byte("\nmax depth      8 decisions\n")) {
				t.Errorf("--prop fc: %s", stderr.String())
			}
			continue
		}
		m := acLine.FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("--prop ac: no depth line of both kinds in\n%s", stderr.String())
		}
		depth, _ := strconv.Atoi(m[1])
		assigned, _ := strconv.Atoi(m[2])
		if !(assigned < depth && assigned <= 8) {
			t.Errorf("--prop ac: %d decisions deep, at most %d x = v", depth, assigned)
		}
	}
}
