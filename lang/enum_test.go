package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// An enum stands for the numbers 1, 2, 3 ... in the order declared: a
// model with enums has the solutions of the same model with numbers, and
// every solution of both is checked against a brute-force enumeration.
func TestEnumSameSolutionsAsNumbers(t *testing.T) {
	withEnums := `enum Colour = {Red, Green, Blue}
var c[1..3] in Colour
var h[Colour] in 1..3
alldiff(c)
c[1] != Green
forall k in Colour: h[k] != k
h[Red] < h[Green]
sum(h[k] for k in Colour) = 6 or c[2] = Blue`
	withNumbers := `var c[1..3] in 1..3
var h[1..3] in 1..3
alldiff(c)
c[1] != 2
forall k in 1..3: h[k] != k
h[1] < h[2]
sum(h[k] for k in 1..3) = 6 or c[2] = 3`
	// The values of c are printed by name, those of h (in 1..3) as numbers.
	byNumber := strings.NewReplacer(`"Red"`, "1", `"Green"`, "2", `"Blue"`, "3")
	var got []string
	for _, s := range solveAll(t, withEnums, engine.Default()) {
		got = append(got, byNumber.Replace(s))
	}
	slices.Sort(got)
	want := solveAll(t, withNumbers, engine.Default())
	if !slices.Equal(got, want) {
		t.Fatalf("with enums %q,\nwith numbers %q", got, want)
	}
	var brute []string
	for c := range 27 {
		c1, c2, c3 := c/9+1, c/3%3+1, c%3+1
		for h := range 27 {
			h1, h2, h3 := h/9+1, h/3%3+1, h%3+1
			if c1 == c2 || c1 == c3 || c2 == c3 || c1 == 2 || h1 == 1 || h2 == 2 || h3 == 3 || h1 >= h2 ||
				!(h1+h2+h3 == 6 || c2 == 3) {
				continue
			}
			brute = append(brute, jsonOf(c1, c2, c3, h1, h2, h3))
		}
	}
	slices.Sort(brute)
	if !slices.Equal(got, brute) {
		t.Errorf("solver %q,\nbrute force %q", got, brute)
	}
}

func jsonOf(c1, c2, c3, h1, h2, h3 int) string {
	var b strings.Builder
	b.WriteString(`{"c":[`)
	for i, v := range []int{c1, c2, c3} {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(byte('0' + v))
	}
	b.WriteString(`],"h":[`)
	for i, v := range []int{h1, h2, h3} {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(byte('0' + v))
	}
	b.WriteString("]}")
	return b.String()
}

func TestEnumErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"enum C = {A, A}", "t.csp:1:14: A is already declared"},
		{"enum C = {}", "t.csp:1:11: expected a name"},
		{"param A = 1\nenum C = {A}", "t.csp:2:11: A is already declared"},
		{"var x in 1..3\nforall i in 1..2 { enum C = {A} }", "t.csp:2:20: an enum cannot be declared inside a forall block"},
		{"var x in C\nenum C = {A}", "t.csp:1:10: C is used before its declaration"},
	}
	for _, c := range cases {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(c.src)}})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q...", c.src, err, c.want)
		}
	}
}

// Values of two enums, or of an enum and a number written out, meet with
// a warning at the place; a generator's name and arithmetic are not typed.
func TestEnumWarnings(t *testing.T) {
	src := `enum Nation = {English, Spaniard}
enum Colour = {Red, Green}
var owner[1..2] in Nation
var house[Nation] in 1..2
var c in Colour
owner[1] = Red
owner[2] != 1
house[Red] = 1
house[2] = 1
c < owner[1]
forall n in Nation: house[n] = n and owner[n] != English
owner[1] + 0 = 1
house[English] = 2`
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range prog.Warnings {
		got = append(got, w.Error())
	}
	want := []string{
		"t.csp:6:1: a value of Nation is compared with a value of Colour",
		"t.csp:7:13: a value of Nation is compared with the number 1",
		"t.csp:8:7: house is indexed by Nation, but Red is a value of Colour",
		"t.csp:9:7: house is indexed by Nation, but 2 is a number",
		"t.csp:10:1: a value of Colour is compared with a value of Nation",
	}
	if len(got) != len(want) {
		t.Fatalf("warnings %q, want %d", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("warning %d: %q, want %q...", i, got[i], want[i])
		}
	}
}
