package lang

import "testing"

// One mistake inside a forall is one error that names the generator
// values it is found for, not one error per value (issue 27, item 8).
func TestErrorsGroupedOverGenerators(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"one generator", "param r = [3, 1, 2, 4, 1, 2]\nvar s[1..6] in 0..20\nforall k in 1..6: s[k+30] >= s[k] + r[k]\n", []string{
			"m.csp:3:21: index 31 is out of range 1..6 of s, with k = 1 (6 errors like it, for k = 1..6)",
		}},
		{"every combination", "var x[1..3] in 1..3\nforall i in 1..3, j in 1..2: x[i+j*5] = 1\n", []string{
			"m.csp:2:32: index 6 is out of range 1..3 of x, with i = 1, j = 1 (6 errors like it, for i = 1..3, j = 1..2)",
		}},
		{"a triangle", "var x[1..3] in 1..3\nforall i in 1..2, j in i..2: x[i+j*5] = 1\n", []string{
			"m.csp:2:32: index 6 is out of range 1..3 of x, with i = 1, j = 1 (3 errors like it, for (i = 1, j = 1), (i = 1, j = 2), (i = 2, j = 2))",
		}},
		{"runs of values", "var x[1..20] in 1..3\nforall k in 1..20 where k % 5 != 0: x[k * 2] = 1\n", []string{
			"m.csp:2:39: index 22 is out of range 1..20 of x, with k = 11 (8 errors like it, for k = 11..14, 16..19)",
		}},
		{"two mistakes stay two", "var x[1..3] in 1..3\nforall k in 1..2: x[k+5] = x[k+9]\n", []string{
			"m.csp:2:21: index 6 is out of range 1..3 of x, with k = 1 (2 errors like it, for k = 1..2)",
			"m.csp:2:30: index 10 is out of range 1..3 of x, with k = 1 (2 errors like it, for k = 1..2)",
		}},
		{"one value: as before", "var x[1..3] in 1..3\nforall k in 3..3: x[k+5] = 1\n", []string{
			"m.csp:2:21: index 8 is out of range 1..3 of x",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(c.src)}})
			checkErrors(t, err, c.want)
		})
	}
}
