package lang

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// firstSolution compiles src and returns its first solution's text and
// JSON.
func firstSolution(t *testing.T, src string) (text, js string) {
	t.Helper()
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil {
		t.Fatal(err)
	}
	if s.Next() != engine.Solution {
		t.Fatalf("%q: no solution", src)
	}
	return prog.Format(s.Value), prog.JSON(s.Value)
}

// The values of a variable declared in an enum are printed by name,
// in the default output, in show's items and format strings, and in
// JSON as strings; a number in the enum's index set stays a number.
func TestEnumShownByName(t *testing.T) {
	model := `enum Nation = {English, Spaniard, Japanese}
var owner[1..3] in Nation
var house[Nation] in 1..3
var who in Nation
owner[1] = Japanese
owner[2] = English
alldiff(owner)
forall n in Nation: owner[house[n]] = n
who = owner[3]
`
	text, js := firstSolution(t, model)
	if want := "owner = [Japanese English Spaniard]\nhouse = [2 3 1]\nwho = Spaniard\n"; text != want {
		t.Errorf("default output:\n%s\nwant:\n%s", text, want)
	}
	if want := `{"owner":["Japanese","English","Spaniard"],"house":[2,3,1],"who":"Spaniard"}`; js != want {
		t.Errorf("JSON %s, want %s", js, want)
	}
	text, _ = firstSolution(t, model+`show owner[2], who, house
show "{who} lives in house {house[who]}; {owner}; {Japanese}; {who + 0}"`)
	want := "owner[2] = English\nwho = Spaniard\nhouse = [2 3 1]\nSpaniard lives in house 3; [Japanese English Spaniard]; Japanese; 2\n"
	if text != want {
		t.Errorf("show:\n%s\nwant:\n%s", text, want)
	}
}
