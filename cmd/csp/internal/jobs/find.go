package jobs

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
)

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

// SeveralJobs reports whether --job spec names a file's jobs or a range
// of them, whose answers only csp merge can put together.
func SeveralJobs(spec string) bool {
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
