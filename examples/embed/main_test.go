package main

import (
	"strings"
	"testing"
)

// The example prints the 10 solutions of 5 queens, each with q read by
// name and the board from the model's show statement.
func TestEmbed(t *testing.T) {
	var out, errs strings.Builder
	if err := run(&out, &errs); err != nil {
		t.Fatalf("run: %v\n%s", err, errs.String())
	}
	got := out.String()
	if !strings.HasSuffix(got, "\n10 solutions\n") {
		t.Errorf("output does not end with the count of 10:\n%s", got)
	}
	if n := strings.Count(got, "solution "); n != 10 {
		t.Errorf("%d solutions printed, want 10", n)
	}
	// Every solution of 5 queens, whatever the order the search finds them in.
	for _, q := range []string{"[1 3 5 2 4]", "[1 4 2 5 3]", "[2 4 1 3 5]", "[2 5 3 1 4]", "[3 1 4 2 5]",
		"[3 5 2 4 1]", "[4 1 3 5 2]", "[4 2 5 3 1]", "[5 2 4 1 3]", "[5 3 1 4 2]"} {
		if !strings.Contains(got, "q = "+q+"\n") {
			t.Errorf("solution q = %s missing", q)
		}
	}
	if !strings.Contains(got, "Q . . . .\n. . . Q .\n") {
		t.Errorf("no board printed:\n%s", got)
	}
}
