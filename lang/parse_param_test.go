package lang

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A param read in parts is the param the whole statement's parse makes,
// span and positions included: every param of the shipped models,
// examples and data files, and of the recorded parser inputs.
func TestParamInPartsIsTheWholeParse(t *testing.T) {
	var sources []string
	for _, glob := range []string{"../models/*.csp", "../models/data/*.csp", "../examples/*.csp"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sources = append(sources, string(b))
		}
	}
	sources = append(sources, "param a = [1 2; 3 4]", "param n", "param m[1..2, 1..3] = 0",
		"param s = {1, 3} ++ {2}", "param f = if 1 = 2 then 3 else 4 end", "param g[i in 1..3] = i * i",
		"param x = [i = j for i in 1..3, j in 1..3]")
	params := 0
	for _, src := range sources {
		toks, errs := scan("t.csp", []byte(src), nil)
		if len(errs) > 0 {
			continue
		}
		for _, stmt := range splitStatements(toks) {
			if t0 := stmt[0]; t0.Type != tokKeyword || t0.Value != "param" {
				continue
			}
			whole, err := parseTokens(stmtParser(), stmt, nil)
			parts, ok := parseParamInParts(stmt, nil)
			if err != nil {
				if ok {
					t.Errorf("%s: parsed in parts, but the whole parse says %v", tokSpan(stmt), err)
				}
				continue
			}
			params++
			if !ok {
				if strings.Contains(src, "=") && headEnd(stmt) >= 0 {
					t.Errorf("%s: not parsed in parts", tokSpan(stmt))
				}
				continue
			}
			if want := convStmt(whole); !reflect.DeepEqual(parts, want) {
				t.Errorf("%s: in parts %#v, whole %#v", tokSpan(stmt), parts, want)
			}
		}
	}
	if params < 20 {
		t.Errorf("only %d params compared", params)
	}
}
