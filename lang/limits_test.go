package lang

import (
	"runtime"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
)

// Compiling stops at a limit with an error at the statement being lowered.
func TestCompileLimits(t *testing.T) {
	big := "var x in 0..9\nvar y in 0..9\nforall i in 1..3000, j in 1..3000: x + y >= i - j\n"
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	tests := []struct {
		name   string
		src    string
		limits Limits
		want   string
	}{
		{"stop request", big, Limits{Stop: func() string { return "interrupted" }},
			"t.csp:3:1: compiling stopped (interrupted) while lowering this statement"},
		{"projected memory", big, Limits{MaxMemory: int64(ms.HeapAlloc) + 64<<20},
			"t.csp:3:1: lowering this statement (9000000 times its body) would take about"},
	}
	for _, tt := range tests {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(tt.src)}, Limits: tt.limits})
		if err == nil || !strings.Contains(err.Error(), tt.want) || !HitLimit(err) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if list, _ := err.(ErrorList); len(list) != 1 {
			t.Errorf("%s: %d errors, want 1", tt.name, len(list))
		}
	}
}

// A statement whose generators would make more than the budget allows is
// refused before they make anything, when their sizes are known: in one
// list, and nested in each other.
func TestTooLargeIsRefusedUpFront(t *testing.T) {
	var nested strings.Builder
	for i := range 25 {
		nested.WriteString("(forall g" + itoa(int64(i)) + " in 1..2: ")
	}
	nested.WriteString("x >= 0" + strings.Repeat(")", 25))
	for _, src := range []string{
		"var x in 0..1\nx = sum(1 for a in 1..1000, b in 1..1000, c in 1..1000)",
		"var x in 0..1\n" + nested.String(),
		"var x in 0..1\nx = 0 -> " + nested.String(),
		"var x in 0..1\nforall i in 1..10000: x = sum(1 for j in 1..10000)",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "the model is too large") {
			t.Errorf("%.60s: %v", src, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("%.60s: %d MB allocated before it was refused", src, alloc>>20)
		}
	}
}

// Reading a file is bounded too: a file whose tokens would not fit is
// refused before they are made, and a stop request stops the scan.
func TestReadingLimits(t *testing.T) {
	lines := "var x in 0..9\n" + strings.Repeat("x >= 0\n", 100_000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(lines)}, Limits: Limits{MaxMemory: 1 << 20}})
	runtime.ReadMemStats(&after)
	if err == nil || !HitLimit(err) || !strings.Contains(err.Error(), "t.csp: the file has 4000") || !strings.Contains(err.Error(), "more than the memory limit of 1 MB") {
		t.Errorf("tokens past the limit: %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("%d MB allocated before the file was refused", alloc>>20)
	}
	_, err = Compile(Input{Model: Source{Name: "t.csp", Text: []byte(lines)}, Limits: Limits{Stop: func() string { return "interrupted" }}})
	if err == nil || !HitLimit(err) || !strings.Contains(err.Error(), "compiling stopped (interrupted) while reading this line") {
		t.Errorf("stop request while reading: %v", err)
	}
	if list, _ := err.(ErrorList); len(list) != 1 {
		t.Errorf("stop request while reading: %d errors, want 1", len(list))
	}
}

// A statement that repeats one thing more times than participle allows is
// refused by the fast parser with a message of its own, where participle
// would say "too many iterations of GAddR*" after a long time.
func TestTooManyRepetitions(t *testing.T) {
	defer func(n int) { participle.MaxIterations = n }(participle.MaxIterations)
	participle.MaxIterations = 10
	for _, src := range []string{
		"var x in 0..9\nx" + strings.Repeat(" + x", 12) + " >= 0",
		"var x in 0..9\nx = 1" + strings.Repeat(" or x = 1", 12),
	} {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		if err == nil || !strings.Contains(err.Error(), "more than 10 of one kind in a row here") {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// Counting generator combinations up front evaluates no domain the
// iteration would not reach: after an empty range nothing is evaluated,
// so a mistake there is no error, as before.
func TestUpFrontCountReachesWhatIterationReaches(t *testing.T) {
	src := "var x in 0..3\nforall i in 1..0, j in 1..x: x > j\nforall i in 1..2, k in 1..i, j in 1..0: x > j"
	if _, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}}); err != nil {
		t.Error(err)
	}
}

// The domains of a model are bounded by the memory they take in the
// search, against the memory limit: 20000-queens (about 100 MB) compiles
// under the default limit and is refused under 64 MB; the refusal comes
// before any variable is made.
func TestDomainMemory(t *testing.T) {
	src := []byte("var q[1..20000] in 1..20000\n")
	if _, err := Compile(Input{Model: Source{Name: "t.csp", Text: src}}); err != nil {
		t.Fatalf("20000-queens' domains refused without a limit: %v", err)
	}
	if _, err := Compile(Input{Model: Source{Name: "t.csp", Text: src}, Limits: Limits{MaxMemory: 1 << 30}}); err != nil {
		t.Fatalf("20000-queens' domains refused under 1 GB: %v", err)
	}
	_, err := Compile(Input{Model: Source{Name: "t.csp", Text: src}, Limits: Limits{MaxMemory: 64 << 20}})
	want := "t.csp:1:5: q would take the domains of the model to about 96.7 MB of memory, more than the memory limit of 64 MB"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("under 64 MB: %v, want %q", err, want)
	}
	if got := domainBytes(9); got != 80 {
		t.Errorf("domainBytes(9) = %d, want 80: one word, twice, and the bookkeeping", got)
	}
}

// A long declaration (a data matrix) is a long parse: a stop is asked
// while its value is read (every readCheckEvery elements) and while its
// tokens are copied into participle's lexer, and ends the statement with
// a limit's error.
func TestStopWhileReadingALongDeclaration(t *testing.T) {
	src := "param T = [" + strings.Repeat("1 2 3\n", readCheckEvery) + "]"
	all, errs := scan("t.csp", []byte(src), nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	toks := splitStatements(all)[0]
	asked := 0
	_, err := parseStmt(toks, func() bool { asked++; return asked >= 2 })
	if err == nil || err.Kind != ErrLimit || asked > 3 {
		t.Errorf("stopped at the second look: %v, %d looks", err, asked)
	}
	asked = 0
	if _, err := parseStmt(toks, func() bool { asked++; return false }); err != nil || asked < 2 {
		t.Errorf("not stopped: %v, %d looks (want 2 or more)", err, asked)
	}
}
