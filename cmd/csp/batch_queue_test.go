package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Answers are written in blocks, but one that waits for more input first
// writes out what it has: each line typed gets its answer before the next
// is typed.
func TestEachAnswersBeforeReadingMore(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.csp")
	if err := os.WriteFile(model, []byte("param g[1..2]\nvar x[1..2] in 1..9\nx = g\nx[1] != x[2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []string{"1", "2"} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int)
		go func() {
			code := run([]string{"solve", model, "--each", "-", "--workers", workers}, inR, outW, io.Discard)
			outW.Close()
			done <- code
		}()
		answers := bufio.NewReader(outR)
		for a := range 4 {
			fmt.Fprintf(inW, "%d.\n", a+1)
			line := make(chan string, 1)
			go func() { s, _ := answers.ReadString('\n'); line <- s }()
			select {
			case got := <-line:
				if want := fmt.Sprint(a + 1); !strings.HasPrefix(got, want) || len(got) != 3 {
					t.Fatalf("--workers %s, line %d: answer %q, want %q", workers, a+1, got, want)
				}
			case <-time.After(2 * time.Minute):
				t.Fatalf("--workers %s: no answer to line %d before the next was typed", workers, a+1)
			}
		}
		inW.Close()
		io.Copy(io.Discard, answers)
		if code := <-done; code != 0 {
			t.Errorf("--workers %s: exit %d", workers, code)
		}
	}
}

// With several workers answering out of turn, the answers still come in
// input order, the same as one worker's, messages on stderr included.
func TestEachWorkersKeepInputOrder(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.csp")
	if err := os.WriteFile(model, []byte("param g[1..3]\nvar x[1..3] in 1..9\nx = g\nalldiff(x)\nx[1] + x[2] = x[3]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for a := range 3000 {
		if a%97 == 5 {
			in.WriteString("# a comment\n\n")
		}
		if a%401 == 7 {
			in.WriteString("oops\n")
		}
		fmt.Fprintf(&in, "%s\n", []string{"...", "1..", ".2.", "..9", "11.", "3.5", "2.."}[a%7])
	}
	var outs, errs [2]bytes.Buffer
	for k, workers := range []string{"1", "2"} {
		run([]string{"solve", model, "--each", "-", "--workers", workers}, strings.NewReader(in.String()), &outs[k], &errs[k])
	}
	if outs[0].String() != outs[1].String() || errs[0].String() != errs[1].String() {
		t.Fatalf("answers of 1 and 2 workers differ")
	}
	if n := strings.Count(outs[0].String(), "\n"); n != 3000+8 {
		t.Errorf("%d answer lines, want %d", n, 3008)
	}
	if !strings.Contains(outs[0].String(), "\nno solution\n") || !strings.Contains(outs[0].String(), "\ninvalid: ") || errs[0].Len() == 0 {
		t.Errorf("unexpected answers:\n%.300s", outs[0].String())
	}
}
