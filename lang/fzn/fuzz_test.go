package fzn

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/lang"
)

// FuzzCompile feeds arbitrary text to the reader: it must never panic,
// and every error it returns must have a place inside the text. The
// fast path and participle must agree on what parses.
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
		fast, errFast := parseWithPath(src, true)
		slow, errSlow := parseWithPath(src, false)
		if (errFast == nil) != (errSlow == nil) {
			t.Fatalf("fast path error %v, participle error %v\n%q", errFast, errSlow, src)
		}
		if errFast == nil && len(fast.Items) != len(slow.Items) {
			t.Fatalf("fast path %d items, participle %d\n%q", len(fast.Items), len(slow.Items), src)
		}
	})
}

func parseWithPath(src string, fast bool) (*File, error) {
	defer func(old bool) { fastParse = old }(fastParse)
	fastParse = fast
	return Parse("f.fzn", []byte(src))
}
