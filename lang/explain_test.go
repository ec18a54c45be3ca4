package lang

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/csp-lang/csp/engine"
)

// TestExplainMinimal generates unsatisfiable models and checks what
// Explain reports: the set has no solution, and dropping any one of its
// statements gives a set that has one.
func TestExplainMinimal(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	found := 0
	for tries := 0; found < 150 && tries < 3000; tries++ {
		src := randomModel(rng)
		in := Input{Model: Source{Name: "m.csp", Text: []byte(src)}}
		c, err := Explain(in, engine.Options{}, 5*time.Second)
		if err == ErrHasSolution {
			continue
		}
		if err != nil {
			t.Fatalf("%s\n%v", src, err)
		}
		found++
		if !c.Minimal || len(c.Items) == 0 {
			t.Fatalf("%s\nconflict %+v", src, c)
		}
		checkConflict(t, in, src, c)
	}
	if found < 150 {
		t.Fatalf("only %d unsatisfiable models generated", found)
	}
}

// checkConflict checks a conflict against the model as written: its
// constraints with every declared domain have no solution; dropping any
// one of them gives a model that has one; widening a listed domain, the
// others kept, does too; and no item reads the same as another.
func checkConflict(t *testing.T, in Input, src string, c *Conflict) {
	t.Helper()
	prog, _ := Compile(in)
	x := &explainer{in: in, opts: engine.Options{}, perCheck: 5 * time.Second, base: prog, universe: universeOf(prog)}
	x.units = unitsOf(prog)
	keep := make([]bool, len(x.units))
	var members []int
	var domains []string
	lines := map[string]bool{}
	for _, it := range c.Items {
		line := it.Describe(prog.Sources)
		if lines[line] {
			t.Errorf("%s\nthe line %q is listed twice", src, line)
		}
		lines[line] = true
		if it.Var != nil {
			domains = append(domains, it.Var.Name)
			continue
		}
		i := unitIndex(x.units, it)
		if i < 0 {
			t.Fatalf("%s\nitem %q is none of the model's statements", src, line)
		}
		keep[i] = true
		members = append(members, i)
	}
	if x.solvable(keep, nil) != engine.Exhausted {
		t.Errorf("%s\nthe reported set has a solution", src)
	}
	for _, i := range members {
		keep[i] = false
		if st := x.solvable(keep, nil); st != engine.Solution {
			t.Errorf("%s\ndropping %q from the reported set leaves no solution (%v)", src, x.units[i].item.Describe(prog.Sources), st)
		}
		keep[i] = true
	}
	for _, d := range domains {
		if st := x.solvable(keep, map[string]bool{d: true}); st != engine.Solution {
			t.Errorf("%s\nwidening the domain of %s leaves no solution (%v)", src, d, st)
		}
	}
}

// unitIndex finds an item among the units a conflict is made of.
func unitIndex(units []unit, it ConflictItem) int {
	for i, u := range units {
		if u.item == it {
			return i
		}
	}
	return -1
}

// randomModel writes three variables and a handful of random constraints,
// some of them conjunctions and foralls.
func randomModel(rng *rand.Rand) string {
	var b strings.Builder
	for _, v := range []string{"x", "y", "z"} {
		lo := rng.Intn(4)
		fmt.Fprintf(&b, "var %s in %d..%d\n", v, lo, lo+rng.Intn(3))
	}
	vars := []string{"x", "y", "z"}
	ops := []string{"=", "!=", "<", "<=", ">", ">="}
	for i := 0; i < 2+rng.Intn(4); i++ {
		a, c := vars[rng.Intn(3)], vars[rng.Intn(3)]
		switch rng.Intn(6) {
		case 4:
			fmt.Fprintf(&b, "%s %s %s and %s %s %d\n", a, ops[rng.Intn(6)], c, c, ops[rng.Intn(6)], rng.Intn(7))
		case 5:
			fmt.Fprintf(&b, "forall i in 1..%d: %s + i %s %s\n", 1+rng.Intn(3), a, ops[rng.Intn(6)], c)
		case 0:
			fmt.Fprintf(&b, "%s %s %d\n", a, ops[rng.Intn(6)], rng.Intn(7))
		case 1:
			fmt.Fprintf(&b, "%s + %s %s %d\n", a, c, ops[rng.Intn(6)], rng.Intn(10))
		case 2:
			fmt.Fprintf(&b, "alldiff([x, y, z])\n")
		default:
			fmt.Fprintf(&b, "%s %s %s or %s = %d\n", a, ops[rng.Intn(6)], c, c, rng.Intn(5))
		}
	}
	return b.String()
}

// A statement lowered into several constraints appears once in a
// conflict.
func TestExplainListsAStatementOnce(t *testing.T) {
	src := "var x[1..3] in 0..1\nvar y in 0..1\ny = 0\ny = 0 -> forall i in 1..3: x[i] = 1\nsum(x) <= 2\n"
	c, err := Explain(Input{Model: Source{Name: "m.csp", Text: []byte(src)}}, engine.Options{}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, it := range c.Items {
		lines = append(lines, it.Origin.Stmt.Pos.Line)
	}
	if len(lines) != 3 || lines[0] != 3 || lines[1] != 4 || lines[2] != 5 {
		t.Errorf("statements at lines %v, want 3, 4, 5", lines)
	}
}

func explainLines(t *testing.T, src string) []string {
	t.Helper()
	in := Input{Model: Source{Name: "m.csp", Text: []byte(src)}}
	c, err := Explain(in, engine.Options{}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Minimal {
		t.Fatalf("not minimal: %+v", c)
	}
	prog, _ := Compile(in)
	var lines []string
	for _, it := range c.Items {
		lines = append(lines, it.Describe(prog.Sources))
	}
	checkConflict(t, in, src, c)
	return lines
}

// The domains stay as declared: x > y alone has no solution with x in
// 1..2 and y in 2..3, so x <= y is not part of the conflict, and both
// domains, without which x > y has solutions, are (issue 11, item 14).
func TestExplainKeepsDomains(t *testing.T) {
	got := explainLines(t, "var x in 1..2\nvar y in 2..3\nx > y\nx <= y\n")
	want := []string{
		"m.csp:3:1: x > y",
		"m.csp:1:5: the domain of x, declared in: var x in 1..2",
		"m.csp:2:5: the domain of y, declared in: var y in 2..3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A domain that plays no part is not listed.
	got = explainLines(t, "var x in 1..5\nvar y in 1..5\nx + y = 2\nx + y = 3\n")
	want = []string{"m.csp:3:1: x + y = 2", "m.csp:4:1: x + y = 3"}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A part of a statement is listed as that part, with its own place, and
// the rest of the statement is not claimed (issue 11, item 15).
func TestExplainNamesParts(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"var x in 0..5\nvar y in 0..5\nx + y = 2\nx + y = 1 and x + y = 3\n", []string{
			"m.csp:3:1: x + y = 2",
			"m.csp:4:1: x + y = 1   (part of line 4)",
		}},
		{"var x in 0..5\nvar y in 0..5\nx + y = 2\nx > 0 and x + y = 3 and y < 9\n", []string{
			"m.csp:3:1: x + y = 2",
			"m.csp:4:11: x + y = 3   (part of line 4)",
		}},
		{"var a[1..3] in 0..5\nforall i in 1..3: a[i] >= i and a[i] <= 2\n", []string{
			"m.csp:2:19: a[i] >= i   with i = 3   (part of line 2)",
			"m.csp:2:33: a[i] <= 2   with i = 3   (part of line 2)",
		}},
		{"var a[1..3] in 0..5\na = [1, 2, 3]\na[2] > a[3]\n", []string{
			"m.csp:2:1: a[2] = 2   (part of line 2)",
			"m.csp:2:1: a[3] = 3   (part of line 2)",
			"m.csp:3:1: a[2] > a[3]",
		}},
		{"var a[1..2] in 0..5\nvar y in 0..5\na = [1, y + 1]\na[1] = 2\n", []string{
			"m.csp:3:1: a = [1, y + 1]",
			"m.csp:4:1: a[1] = 2",
		}},
		{"var x in 0..5\nforall i in 1..2 {\n  x > i\n  x < i\n}\n", []string{
			"m.csp:3:3: x > i   with i = 1   (part of lines 2-5)",
			"m.csp:4:3: x < i   with i = 1   (part of lines 2-5)",
		}},
	}
	for _, c := range cases {
		got := explainLines(t, c.src)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s\ngot\n%s\nwant\n%s", c.src, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// A stop flag ends the explanation: before the model is proven to have
// no solution with ErrStopped, after with the statements kept so far.
func TestExplainStops(t *testing.T) {
	// The flag is raised by the first progress report of a check, a few
	// thousand nodes into one, however fast or loaded the machine is.
	hard := "var x[1..13] in 1..12\nforall i, j in 1..13 where i < j: x[i] != x[j]\n"
	var stop atomic.Bool
	opts := engine.Options{StopFlag: &stop, Progress: func(engine.Stats) { stop.Store(true) }}
	start := time.Now()
	_, err := Explain(Input{Model: Source{Name: "m.csp", Text: []byte(hard)}}, opts, time.Minute)
	if !errors.Is(err, ErrStopped) || time.Since(start) > time.Minute {
		t.Fatalf("err %v after %v", err, time.Since(start))
	}
	stop.Store(false)
	c, err := Explain(Input{Model: Source{Name: "m.csp", Text: []byte(hard + "x[1] = 0\n")}}, opts, time.Minute)
	if err != nil || !c.Stopped || c.Minimal || len(c.Items) != 79 {
		t.Fatalf("err %v, conflict %+v", err, c)
	}
}
