package output

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// A variable declared in an enum has its values written as strings, and
// the solution line names its enum; the other variables stay numbers.
func TestJSONEnumValues(t *testing.T) {
	src := "enum Nation = {English, Spaniard}\nvar owner[1..2] in Nation\nvar house[Nation] in 1..2\nvar n in 0..1\n" +
		"owner[1] = Spaniard\nalldiff(owner)\nhouse[English] = 2\nhouse[Spaniard] = 1\nn = 1\n"
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil || s.Next() != engine.Solution {
		t.Fatalf("no solution: %v", err)
	}
	var b bytes.Buffer
	j := &JSON{W: &b, Start: time.Now()}
	j.Solution(prog, s.Value, nil)
	want := `{"type":"solution","values":{"owner":["Spaniard","English"],"house":[2,1],"n":1},"enums":{"owner":"Nation"},`
	if !strings.HasPrefix(b.String(), want) {
		t.Errorf("got  %s\nwant %s...", b.String(), want)
	}
}
