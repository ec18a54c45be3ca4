package lang

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestBatchLowersOnce(t *testing.T) {
	src, err := os.ReadFile("../models/sudoku.csp")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBatch(Input{Model: Source{Name: "sudoku.csp", Text: src}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if b.Program == nil || len(b.links) != 81 || b.Param != "puzzle" {
		t.Fatalf("want the model lowered once with 81 links to puzzle, got program %v, %d links, param %q", b.Program != nil, len(b.links), b.Param)
	}
	inst, err := b.Instance("1...............................................................................9")
	if err != nil {
		t.Fatal(err)
	}
	if len(inst.Fixes) != 2 || inst.Fixes[0].Value != 1 || inst.Fixes[1].Value != 9 || inst.Program != b.Program {
		t.Errorf("fixes %+v: want cell[1,1] = 1 and cell[9,9] = 9 on the shared program", inst.Fixes)
	}
	// The line's values, the instance, its fixes: no more a line.
	line := "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
	if a := testing.AllocsPerRun(100, func() { b.Instance(line) }); a > 3 {
		t.Errorf("%v allocations a line, want 3", a)
	}
	if _, err := b.Instance("12"); err == nil {
		t.Error("a short line must be an error")
	}
	if _, err := b.Instance(string(make([]byte, 81))); err == nil {
		t.Error("NUL characters must be an error")
	}
}

// A param used in arithmetic cannot stay symbolic: the batch lowers the
// model for every line instead, with the same answers.
func TestBatchFallsBack(t *testing.T) {
	model := "param p[1..2]\nvar x[1..2] in 0..9\nforall i in 1..2: x[i] = p[i] + 1\n"
	b, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(model)}}, "p")
	if err != nil {
		t.Fatal(err)
	}
	if b.Program != nil {
		t.Fatal("p is used in arithmetic: the batch must fall back")
	}
	inst, err := b.Instance("35")
	if err != nil {
		t.Fatal(err)
	}
	if len(inst.Fixes) != 0 || inst.Program == nil || len(inst.Out) != 2 {
		t.Errorf("fallback instance: %+v", inst)
	}
}

// A model's syntax and name errors are reported together, before any
// line is read, as csp check reports them.
func TestBatchReportsErrorsOfEveryStage(t *testing.T) {
	model := "param p[1..2]\nvar x[1..2] in 0..9\nx[1] = y\nx[2] = * 1\nforall i in 1..2: x[i] = p[i]\n"
	_, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(model)}}, "p")
	list, ok := err.(ErrorList)
	if !ok || len(list) != 2 {
		t.Fatalf("want a syntax error and an unknown name, got %v", err)
	}
	if list[0].Pos.Line != 3 || list[0].Msg != `unknown name "y"` || list[1].Pos.Line != 4 {
		t.Errorf("got %v", list)
	}
}

// Whatever a model does with the batch param, lowering it once reports
// no error: a use that needs the values makes the batch lower every line.
// A mistake that does not involve the param is reported before any line
// is read, once, instead of on every line.
func TestBatchSymbolicUsesAreNotErrors(t *testing.T) {
	for _, body := range []string{
		"forall r in 1..2 where p[r] != 0: x[r] = p[r]",
		"x[1] = p[1] + 1",
		"param n = sum(p)\nx[1] = n",
		"param n = p[1]\nvar y in 0..n\nx[1] = y",
		"forall i in 1..p[1]: x[i] = 1",
		"x[1] = if p[1] > 0 then 1 else 2 end",
		"x[p[1]] = 1",
		"x[1] = min(p)",
		"x = p\nx[1] = x[2] + p[2]",
		"param q = p\nx = q\nx[1] = q[2] * 2",
		"x[1] in p",
		"x[1] = count(p[i] = 1 for i in 1..2)",
		"alldiff(p)",
	} {
		src := "param p[1..2]\nvar x[1..2] in 0..9\n" + body + "\n"
		b, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(src)}}, "p")
		if err != nil {
			t.Errorf("%q: %v", body, err)
			continue
		}
		if _, err := b.Instance("12"); err != nil {
			t.Errorf("%q: line 12: %v", body, err)
		}
	}
	src := "param p[1..2]\nvar x[1..2] in 0..9\nx[3] = 1\nforall i in 1..2 where p[i] > 0: x[i] = p[i]\n"
	_, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(src)}}, "p")
	if list, ok := err.(ErrorList); !ok || len(list) != 1 || list[0].Pos.Line != 3 {
		t.Errorf("x[3]: want one error at line 3, got %v", err)
	}
	// An unused -p value, whatever the model's last statement.
	src = "param p[1..2]\nvar x[1..2] in 0..9\nforall i in 1..2 where p[i] > 0: x[i] = p[i]\nparam q = p\n"
	_, err = NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(src)}, Params: []string{"zz=3"}}, "p")
	if list, ok := err.(ErrorList); !ok || len(list) != 1 {
		t.Errorf("-p zz=3: want one error, got %v", err)
	}
}

func TestFormatLine(t *testing.T) {
	for _, tt := range []struct {
		in   []int64
		want string
	}{
		{[]int64{1, 2, 9}, "129"},
		{[]int64{10, 16, 35, 0}, "AGZ0"},
		{[]int64{1, 36}, "1 36"},
		{[]int64{-1, 2}, "-1 2"},
	} {
		if got := FormatLine(tt.in); got != tt.want {
			t.Errorf("FormatLine(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A bad line's error is placed at its column in the line as given, the
// spaces around it counted (a tab is one column) and a character of
// several bytes counted once.
func TestBatchLineErrorColumns(t *testing.T) {
	model := "param p[1..2, 1..2]\nvar x[1..2, 1..2] in 1..4\nforall i in 1..2, j in 1..2: p[i, j] = 0 or x[i, j] = p[i, j]\n"
	b, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(model)}}, "p")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		line     string
		col, end int
		msg      string
	}{
		{"12.", 4, 0, "3 characters, but p needs 4"},
		{"  12.", 6, 0, "3 characters, but p needs 4"},
		{"12.34", 5, 6, "5 characters, but p needs 4"},
		{"\t1234567 ", 6, 9, "7 characters, but p needs 4"},
		{"1!..", 2, 0, `'!' is not a value (1-9, A-Z) or a blank (. _ 0)`},
		{" é...\r", 2, 0, `'é' is not a value (1-9, A-Z) or a blank (. _ 0)`},
		{"..é. ", 3, 0, `'é' is not a value (1-9, A-Z) or a blank (. _ 0)`},
		{"é\t1.", 1, 0, `'é' is not a value (1-9, A-Z) or a blank (. _ 0)`},
	}
	for _, c := range cases {
		for _, read := range []func(string) (*Instance, error){b.Instance, b.InstanceLowered} {
			_, err := read(c.line)
			var le *LineError
			if !errors.As(err, &le) {
				t.Errorf("%q: error %v, want a LineError", c.line, err)
				continue
			}
			if le.Col != c.col || le.End != c.end || le.Msg != c.msg {
				t.Errorf("%q: col %d end %d %q, want col %d end %d %q", c.line, le.Col, le.End, le.Msg, c.col, c.end, c.msg)
			}
		}
	}
	if _, err := b.Instance("  1234 \r"); err != nil {
		t.Errorf("a good line with spaces around it: %v", err)
	}
}

// PrintAtLine puts the caret under the column a LineError gives, each
// invalid byte before it being one column, as parseLine counts them.
func TestPrintAtLineInvalidBytes(t *testing.T) {
	line := "\xff\xfe" + strings.Repeat(".", 78)
	model := "param p[1..81]\nvar x[1..81] in 1..9\n"
	b, err := NewBatch(Input{Model: Source{Name: "m.csp", Text: []byte(model)}}, "p")
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Instance(line)
	var le *LineError
	if !errors.As(err, &le) || le.Col != 81 {
		t.Fatalf("error %v, want a LineError at column 81", err)
	}
	var out strings.Builder
	Style{}.PrintAtLine(&out, &Error{Pos: Pos{File: "f", Line: 7, Col: le.Col}, Msg: le.Msg}, line)
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 3 || lines[0] != "f:7:81: 80 characters, but p needs 81" {
		t.Fatalf("printed %q", out.String())
	}
	shown, caret := []rune(lines[1]), []rune(lines[2])
	if len(shown) != 4+80 || len(caret) != 4+81 || caret[len(caret)-1] != '^' {
		t.Errorf("the caret is not just past the line's 80 characters:\n%s", out.String())
	}
}
