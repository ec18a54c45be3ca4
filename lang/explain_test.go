package lang

import (
	"fmt"
	"math/rand"
	"strings"
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
	for tries := 0; found < 60 && tries < 3000; tries++ {
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
	if found < 60 {
		t.Fatalf("only %d unsatisfiable models generated", found)
	}
}

func checkConflict(t *testing.T, in Input, src string, c *Conflict) {
	t.Helper()
	prog, _ := Compile(in)
	x := &explainer{in: in, opts: engine.Options{}, perCheck: 5 * time.Second, base: prog, universe: universeOf(prog)}
	nCons := len(prog.Model.Constraints())
	keep := make([]bool, nCons+len(prog.Decls))
	var members []int
	for _, it := range c.Items {
		i := indexOf(prog, it)
		keep[i] = true
		members = append(members, i)
	}
	if x.solvable(keep) != engine.Exhausted {
		t.Errorf("%s\nthe reported set has a solution", src)
	}
	for _, i := range members {
		keep[i] = false
		if st := x.solvable(keep); st != engine.Solution {
			t.Errorf("%s\ndropping item %d of the reported set leaves no solution (%v)", src, i, st)
		}
		keep[i] = true
	}
}

// indexOf finds an item's place among constraints, then domains.
func indexOf(p *Program, it ConflictItem) int {
	if it.Var != nil {
		for i, d := range p.Decls {
			if d.Name == it.Var.Name {
				return len(p.Model.Constraints()) + i
			}
		}
	}
	for i, o := range p.Origins {
		if o == it.Origin && detail(p.Model, p.Model.Constraints()[i]) == it.Detail {
			return i
		}
	}
	return -1
}

// randomModel writes three variables and a handful of random constraints.
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
		switch rng.Intn(4) {
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
