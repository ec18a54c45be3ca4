package lang

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The benchmarks of the parser: the build of participle's parser of
// declarations (paid once per run of the tool that reads one), the parse
// of the models and examples, of a file of 200,000 small constraints and
// of one statement of a million terms.

func BenchmarkBuildParser(b *testing.B) {
	for range b.N {
		buildParser[gStmt]()
	}
}

func BenchmarkParseSudoku(b *testing.B) {
	benchParse(b, "../models/sudoku.csp")
}

// BenchmarkParseAll parses every model, data file and example.
func BenchmarkParseAll(b *testing.B) {
	var paths []string
	for _, pat := range []string{"../models/*.csp", "../models/data/*.csp", "../examples/*.csp"} {
		m, _ := filepath.Glob(pat)
		paths = append(paths, m...)
	}
	benchParse(b, paths...)
}

func benchParse(b *testing.B, paths ...string) {
	var srcs [][]byte
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	stmtParser() // built once, as in a run of the tool
	b.ResetTimer()
	for range b.N {
		for i, src := range srcs {
			if _, err := ParseFile(paths[i], src); err != nil && len(paths) == 1 {
				b.Fatal(err)
			}
		}
	}
}

func manyStatements(n int) []byte {
	var b strings.Builder
	b.WriteString("var x in 0..9\n")
	for range n {
		b.WriteString("x >= 0\n")
	}
	return []byte(b.String())
}

func longOr(n int) []byte {
	var b strings.Builder
	b.WriteString("var x in 0..9\n")
	for i := range n {
		if i > 0 {
			b.WriteString(" or ")
		}
		b.WriteString("x = ")
		b.WriteString(strconv.Itoa(i % 10))
	}
	b.WriteString("\n")
	return []byte(b.String())
}

func benchParseSrc(b *testing.B, src []byte) {
	stmtParser()
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		if _, err := ParseFile("b.csp", src); err != nil {
			b.Fatal(err)
		}
	}
}

func benchScan(b *testing.B, src []byte) {
	b.ReportAllocs()
	for range b.N {
		toks, _ := scan("b.csp", src, nil)
		splitStatements(toks)
	}
}

func BenchmarkParse200kStatements(b *testing.B) {
	src := manyStatements(200000)
	b.Run("parse", func(b *testing.B) { benchParseSrc(b, src) })
	b.Run("scan", func(b *testing.B) { benchScan(b, src) })
}

// BenchmarkParseMillionTermOr parses x = 0 or x = 1 or ... of a million
// terms.
func BenchmarkParseMillionTermOr(b *testing.B) {
	src := longOr(1000000)
	b.Run("parse", func(b *testing.B) { benchParseSrc(b, src) })
	b.Run("scan", func(b *testing.B) { benchScan(b, src) })
}
