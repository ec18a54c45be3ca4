package lang

import (
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// The parser against the printer of parse_print_test.go: what it parses,
// printed and parsed again, is the same AST but for the spans. And
// whatever it is given, it answers with a file or with errors that say
// where, and does not panic.

// roundTrip checks src; it reports whether src parsed.
func roundTrip(t testing.TB, src string) bool {
	t.Helper()
	f, err := ParseFile("t.csp", []byte(src))
	if err != nil {
		list, ok := err.(ErrorList)
		if !ok || len(list) == 0 {
			t.Fatalf("%.200q: error of type %T: %v", src, err, err)
		}
		for _, e := range list {
			if e.Pos.Line < 1 || e.Pos.Col < 1 || e.Msg == "" {
				t.Fatalf("%.200q: error without a position or message: %+v", src, e)
			}
		}
		return false
	}
	text := printFile(f)
	g, err := ParseFile("t.csp", []byte(text))
	if err != nil {
		t.Fatalf("%.200q printed as %.300q, which does not parse: %v", src, text, err)
	}
	if d := sameButSpans(f.Stmts, g.Stmts); d != "" {
		t.Fatalf("%.200q printed as %.300q, which parses otherwise: %s", src, text, d)
	}
	return true
}

// TestParseRoundTrip: the corpus, the edges, random statements (nearly all
// of which parse) and mutations of them.
func TestParseRoundTrip(t *testing.T) {
	names, srcs, mustTake := parseCorpus(t)
	parsed := 0
	for _, name := range names {
		ok := roundTrip(t, string(srcs[name]))
		if !ok && mustTake[name] {
			_, err := ParseFile(name, srcs[name])
			t.Errorf("%s does not parse: %v", name, err)
		}
		if ok {
			parsed++
		}
	}
	for _, src := range edgeInputs {
		roundTrip(t, src)
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewSource(1))
	g := &stmtGen{rng: rng}
	made := 0
	for range n {
		src := g.stmt()
		if roundTrip(t, src) {
			made++
		}
		for _, stmt := range statementsOf("t.csp", []byte(src)) {
			roundTrip(t, tokensText(mutateTokens(rng, stmt)))
		}
	}
	// The generator may put "not" or "-" after an element of a row, which
	// then does not parse.
	if made < n*9/10 {
		t.Errorf("%d of %d generated statements parse", made, n)
	}
	if parsed < 100 {
		t.Errorf("only %d sources of the corpus parse", parsed)
	}
}

// tokensText writes tokens back as text, separated by blanks.
func tokensText(toks []lexer.Token) string {
	var parts []string
	for _, t := range toks {
		if !t.EOF() {
			parts = append(parts, t.Value)
		}
	}
	return strings.Join(parts, " ")
}

// TestParseGeneratedCoverage: the generated statements make every node,
// operator and form of the AST.
func TestParseGeneratedCoverage(t *testing.T) {
	g := &stmtGen{rng: rand.New(rand.NewSource(1))}
	seen := map[string]bool{}
	for range 3000 {
		f, err := ParseFile("t.csp", []byte(g.stmt()))
		if err == nil {
			astKinds(reflect.ValueOf(f.Stmts), seen)
		}
	}
	for _, k := range allKinds {
		if !seen[k] {
			t.Errorf("no generated statement has %s", k)
		}
	}
}

// FuzzParse: the round trip of roundTrip, on anything.
func FuzzParse(f *testing.F) {
	for _, s := range edgeInputs {
		f.Add(s)
	}
	for _, path := range []string{"../models/sudoku.csp", "../models/queens.csp", "../examples/sendmore.csp", "../examples/rules-once.csp"} {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	g := &stmtGen{rng: rand.New(rand.NewSource(2))}
	for range 50 {
		f.Add(g.stmt())
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		roundTrip(t, src)
	})
}
