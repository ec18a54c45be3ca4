package fzn

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/lang"
)

// FuzzCompile feeds arbitrary text to the reader: it must never panic,
// and every error it returns must have a place inside the text. What
// parses must print (printItem) and parse back to the same tree.
func FuzzCompile(f *testing.F) {
	for _, s := range specItems {
		f.Add(s)
	}
	for _, c := range errorCases {
		f.Add(c.src)
	}
	f.Add("var 1..3: x :: output_var;\narray [1..2] of var bool: b :: output_array([1..2]) = [p, true];\n" +
		"constraint int_lin_le([1, -2], [x, 3], 1);\nsolve :: int_search([x], first_fail, indomain_min, complete) minimize x;\n")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		_, err := Compile("f.fzn", []byte(src))
		if list, ok := err.(lang.ErrorList); ok {
			for _, e := range list {
				if strings.Contains(e.Msg, "internal error") {
					t.Fatalf("%s\n%q", e.Msg, src)
				}
				if e.Pos.Line < 1 || e.Pos.Line > strings.Count(src, "\n")+1 {
					t.Fatalf("error outside the text: %v\n%q", e, src)
				}
			}
		} else if err != nil {
			t.Fatalf("not an ErrorList: %v", err)
		}
		file, err := Parse("f.fzn", []byte(src))
		if err != nil {
			return
		}
		for _, it := range file.Items {
			again, err := Parse("again.fzn", []byte(printItem(it)))
			if err != nil || len(again.Items) != 1 || !sameTree(it, again.Items[0]) {
				t.Fatalf("%q printed as %q does not parse back to itself (%v)", src, printItem(it), err)
			}
		}
	})
}
