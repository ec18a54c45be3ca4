package lang

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Program.Var finds declared variables only, and VarInfo reads them in
// row-major order.
func TestProgramVar(t *testing.T) {
	src := `param k = 3
var x in 5..5
var m[1..2, 0..2] in 0..9
forall r in 1..2, c in 0..2 { m[r, c] = 3*r + c }
def total = sum(m)
`
	prog, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"k", "total", "nothing", "m[1,0]"} {
		if v := prog.Var(name); v != nil {
			t.Errorf("Var(%q) = %+v, want nil", name, v)
		}
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil {
		t.Fatal(err)
	}
	if s.Next() != engine.Solution {
		t.Fatal("no solution")
	}
	if got := prog.Var("x").Value(s.Value); got != 5 {
		t.Errorf("x = %d, want 5", got)
	}
	if got := prog.Var("x").Values(s.Value); len(got) != 1 || got[0] != 5 {
		t.Errorf("values of x = %v, want [5]", got)
	}
	want := []int64{3, 4, 5, 6, 7, 8}
	got := prog.Var("m").Values(s.Value)
	if len(got) != len(want) {
		t.Fatalf("values of m = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("values of m = %v, want %v", got, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Value of an array did not panic")
		}
	}()
	prog.Var("m").Value(s.Value)
}
