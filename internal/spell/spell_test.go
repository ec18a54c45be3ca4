package spell

import "testing"

func TestClosest(t *testing.T) {
	for _, c := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"mvr", []string{"input", "mrv", "domwdeg"}, "mrv"},              // a transposition is one edit
		{"domwdg", []string{"input", "mrv", "domwdeg"}, "domwdeg"},       // a deletion
		{"qz", []string{"q", "x"}, "q"},                                  // short names: one edit
		{"abc", []string{"xyc"}, ""},                                     // two edits are too many for three letters
		{"queens", []string{"queues", "queen"}, "queen"},                 // the nearer wins
		{"count", []string{"mount", "fount"}, "fount"},                   // a tie goes to the first sorted
		{"x", []string{"y"}, ""},                                         // nothing of the name left
		{"timeout", nil, ""},                                             // no candidates
		{"statss", []string{"stats", "status", "s"}, "stats"},            // distance 1 beats 2
		{"ordr", []string{"order", "orders"}, "order"},                   // ties broken by distance first
		{"variable", []string{"values", "var", "verbose"}, ""},           // too far from all
		{"wrokers", []string{"workers", "worker", "walkers"}, "workers"}, // transposition
	} {
		if got := Closest(c.name, c.cands); got != c.want {
			t.Errorf("Closest(%q, %q) = %q, want %q", c.name, c.cands, got, c.want)
		}
	}
}
