package lang

import "testing"

// A board's columns and a grid's squares name their variables; constants
// and blanks are told apart.
func TestShowCells(t *testing.T) {
	p, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(
		"var q[1..3] in 2..5\nvar m[1..2, 1..2] in 1..9\nparam g = [1 .\n . 4]\nshow board(q)\nshow grid(m, 1, 2)\nshow grid(g)\nshow q\n")}})
	if err != nil {
		t.Fatal(err)
	}
	got := p.ShowCells()
	if len(got) != 3 {
		t.Fatalf("%d boards and grids, want 3: %+v", len(got), got)
	}
	b := got[0]
	if !b.Board || b.Rows != 4 || b.Cols != 3 || b.RowLo != 2 || len(b.Cells) != 3 || b.Cells[2].Var != p.Decls[0].Vars[2] {
		t.Errorf("board(q): %+v", b)
	}
	m := got[1]
	if m.Board || m.Rows != 2 || m.Cols != 2 || m.BlockH != 1 || m.BlockW != 2 || m.Cells[3].Var != p.Decls[1].Vars[3] {
		t.Errorf("grid(m, 1, 2): %+v", m)
	}
	want := []ShowCell{{Var: -1, Value: 1}, {Var: -1, Blank: true}, {Var: -1, Blank: true}, {Var: -1, Value: 4}}
	for i, c := range got[2].Cells {
		if c != want[i] {
			t.Errorf("grid(g) square %d: %+v, want %+v", i, c, want[i])
		}
	}
}
