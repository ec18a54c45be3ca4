package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStagesExact compiles models with data files and -p values and
// compares every error, in order: errors of all stages are reported, and
// nothing that depends on a statement that failed.
func TestStagesExact(t *testing.T) {
	model := `param n
param k = 2
param p[1..2, 1..2]
var x[1..n] in 1..9
x[1] = p[1, 1] + k
x[n + 1] = 3
`
	tests := []struct {
		name   string
		data   string
		params []string
		want   []string
	}{
		{"data ok", "n = 3\np = [1 2; 3 4]", nil, []string{
			"m.csp:6:3: index 4 is out of range 1..3 of x",
		}},
		{"data syntax error in n", "n = 3 +* 1\np = [1 2; 3 4]", nil, []string{
			"d.csp:1:8: expected an expression, found \"*\"",
		}},
		{"data unclosed matrix", "n = 3\np = [1 2; 3 4", nil, []string{
			"d.csp:2:5: \"[\" is never closed",
			"m.csp:6:3: index 4 is out of range 1..3 of x",
		}},
		{"data statement without a name", "n = 3\n1 2\np = [1 2; 3 4]\nq = 1", nil, []string{
			"d.csp:2:3: expected end of statement, found number 2",
			"d.csp:4:1: data file sets q, which the model does not declare as a param",
			"m.csp:6:3: index 4 is out of range 1..3 of x",
		}},
		{"data without a name hides missing params", "1 2\np = [1 2; 3 4]", nil, []string{
			"d.csp:1:3: expected end of statement, found number 2",
		}},
		{"a line that continues the one before", "n = 3\n= 5\np = [1 2; 3 4]", nil, []string{
			"d.csp:2:1: unexpected \"=\"",
		}},
		{"data scanning error", "n = 2 @\np = [1 2; 3 4]", nil, []string{
			"d.csp:1:7: unexpected character \"@\"",
		}},
		{"data unknown name", "n = 2\nk = zz\np = [1 2; 3 4]", nil, []string{
			"d.csp:2:5: unknown name \"zz\"",
			"m.csp:6:3: index 3 is out of range 1..2 of x",
		}},
		{"-p syntax error", "n = 2\np = [1 2; 3 4]", []string{"n=3+"}, []string{
			"-p n:1:3: expected an expression, found end of statement",
		}},
		{"-p overrides a broken data value", "n = 2 +* 1\np = [1 2; 3 4]", []string{"n=3"}, []string{
			"d.csp:1:8: expected an expression, found \"*\"",
			"m.csp:6:3: index 4 is out of range 1..3 of x",
		}},
		{"-p without =", "p = [1 2; 3 4]", []string{"n"}, []string{
			"-p:1:1: -p wants name=value, found \"n\"",
		}},
		{"missing params", "", nil, []string{
			"m.csp:1:7: param n has no value: give it with -p n=VALUE or in a data file",
			"m.csp:3:7: param p has no value: give it with -p p=VALUE or in a data file",
		}},
		{"data value errors", "n = 1 / 0\nk = n + 1\np = [1 2; 3 4; 5 6]", nil, []string{
			"d.csp:1:9: division by zero",
			"m.csp:3:7: param p is declared with shape [1..2, 1..2] (4 elements) but its value has shape [1..3, 1..2] (6 elements)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Model: Source{Name: "m.csp", Text: []byte(model)}, Params: tt.params}
			if tt.data != "" {
				in.Data = []Source{{Name: "d.csp", Text: []byte(tt.data)}}
			}
			_, err := Compile(in)
			checkErrors(t, err, tt.want)
		})
	}
}

// TestStagesModel checks models on their own, exactly.
func TestStagesModel(t *testing.T) {
	tests := []struct {
		name, model string
		want        []string
	}{
		{"syntax, name and value", `param n = 4
var q[1..n] in 1..n +* 2
alldiff(q)
var x in 1..3
x = y
x = q[1]
var a[1..3] in 1..5
a[7] = 1
show q
`, []string{
			`m.csp:2:22: expected an expression, found "*"`,
			`m.csp:5:5: unknown name "y"`,
			`m.csp:8:3: index 7 is out of range 1..3 of a`,
		}},
		{"broken data of a data file name", `param n = 3 +
`, []string{
			`m.csp:1:14: expected an expression, found end of statement`,
		}},
		{"data file sets a broken param", "param n = 3 +\nvar x in 1..3\n", nil},
		{"repeated unknown names", "var x in 1..3\nx = y\nx != y\nx < y + y\n", []string{
			`m.csp:2:5: unknown name "y"`,
			`m.csp:3:6: unknown name "y"`,
			`m.csp:4:5: unknown name "y"`,
			`m.csp:4:9: unknown name "y"`,
		}},
	}
	tests[2].want = []string{`m.csp:2:1: expected an expression, found keyword var`}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Model: Source{Name: "m.csp", Text: []byte(tt.model)}}
			if tt.name == "data file sets a broken param" {
				in.Data = []Source{{Name: "d.csp", Text: []byte("n = 5")}}
			}
			_, err := Compile(in)
			checkErrors(t, err, tt.want)
		})
	}
}

// TestStagesSession compiles statements as a session does, each its own
// source: a statement that fails to parse poisons its names for the
// statements after it.
func TestStagesSession(t *testing.T) {
	stmts := []Source{
		{Name: "[1]", Text: []byte("param n = 4")},
		{Name: "[2]", Text: []byte("var q[1..n] in 1..n +")},
		{Name: "[3]", Text: []byte("alldiff(q)")},
		{Name: "[4]", Text: []byte("var x in 1..3")},
		{Name: "<input>", Text: []byte("x = 1 / 0")},
	}
	_, err := Compile(Input{Model: Source{Name: "<session>"}, Stmts: stmts})
	checkErrors(t, err, []string{
		"<input>:1:9: division by zero",
		"[2]:1:22: expected an expression, found end of statement",
	})
	// A declaration whose names cannot be recovered hides the unknown
	// names of the statements after it, not of those before.
	stmts = []Source{
		{Name: "[1]", Text: []byte("x = 1")},
		{Name: "[2]", Text: []byte("var [1..3] in 1..3")},
		{Name: "[3]", Text: []byte("y = 1")},
	}
	_, err = Compile(Input{Model: Source{Name: "<session>"}, Stmts: stmts})
	checkErrors(t, err, []string{
		`[1]:1:1: unknown name "x"`,
		`[2]:1:5: expected a name, found "["`,
	})
}

func checkErrors(t *testing.T, err error, want []string) {
	t.Helper()
	var got []string
	if err != nil {
		for _, e := range err.(ErrorList) {
			got = append(got, e.Error())
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStagesNoFollowOn breaks one statement of each shipped model at a
// time, in several ways, and checks that every error reported is in the
// broken statement or was there before: nothing that depends on it
// complains, however it was broken.
func TestStagesNoFollowOn(t *testing.T) {
	files, _ := filepath.Glob("../models/*.csp")
	more, _ := filepath.Glob("../examples/*.csp")
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no models")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile("m.csp", src)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		before := map[string]bool{}
		if _, err := Compile(Input{Model: Source{Name: "m.csp", Text: src}}); err != nil {
			for _, e := range err.(ErrorList) {
				before[e.Error()] = true
			}
		}
		for _, s := range f.Stmts {
			sp := s.span()
			for _, c := range corruptions(s, src) {
				if c.lowering && len(before) > 0 {
					continue // the statement may not be lowered at all
				}
				text := append(append(append([]byte(nil), src[:c.from]...), c.with...), src[c.to:]...)
				_, err := Compile(Input{Model: Source{Name: "m.csp", Text: text}})
				if err == nil {
					t.Errorf("%s: %s: no error", path, c.what)
					continue
				}
				// Lines after the statement move by the lines the
				// corruption added or removed.
				shift := strings.Count(c.with, "\n") - strings.Count(string(src[c.from:c.to]), "\n")
				end := sp.End.Line + shift
				inStmt := 0
				for _, e := range err.(ErrorList) {
					was := *e
					if e.Pos.Line > end {
						was.Pos.Line -= shift
					}
					switch {
					case before[was.Error()]:
					case e.Pos.Line >= sp.Pos.Line && e.Pos.Line <= end:
						inStmt++
					default:
						t.Errorf("%s: %s at line %d: follow-on error %s", path, c.what, sp.Pos.Line, e)
					}
				}
				if inStmt == 0 {
					t.Errorf("%s: %s at line %d: no error in the statement", path, c.what, sp.Pos.Line)
				}
				if inStmt > 1 && !c.perName {
					t.Errorf("%s: %s at line %d: %d errors in the statement: %v", path, c.what, sp.Pos.Line, inStmt, err)
				}
			}
		}
	}
}

type corruption struct {
	what     string
	from, to int
	with     string
	lowering bool // found when the statement is lowered
	perName  bool // one error for each name declared
}

// corruptions lists ways to break a statement, each giving one error.
func corruptions(s Stmt, src []byte) []corruption {
	sp := s.span()
	end := sp.End.Offset
	out := []corruption{
		{"a syntax error", end, end, " +* 1", false, false},
		{"a scanning error", end, end, " @", false, false},
		{"a stray bracket", end, end, " )", false, false},
	}
	switch s.(type) {
	case *ParamDecl, *VarDecl:
		out = append(out, corruption{"a second declaration", end, end, "\n" + string(src[sp.Pos.Offset:end]), false, true})
	}
	// An enum's params have no text of their own but the enum's: it is
	// broken as a whole, once, at its name's param (whose span is the
	// enum's).
	if p, ok := s.(*ParamDecl); ok && p.enum != nil {
		if p.Name.Name != p.enum.Name {
			return nil
		}
		return out
	}
	switch s := s.(type) {
	case *ParamDecl:
		if s.Value != nil {
			v := s.Value.span()
			out = append(out,
				corruption{"an unknown name", v.Pos.Offset, v.End.Offset, "zzzz", false, false},
				corruption{"a division by zero", v.Pos.Offset, v.End.Offset, "1 / 0", true, false})
		}
	case *VarDecl:
		d := s.Domain.span()
		out = append(out,
			corruption{"an unknown name", d.Pos.Offset, d.End.Offset, "zzzz", false, false},
			corruption{"an empty domain", d.Pos.Offset, d.End.Offset, "1..0", true, false},
			corruption{"a misspelled keyword", sp.Pos.Offset, sp.Pos.Offset + len("var"), "vr", false, false})
	}
	return out
}
