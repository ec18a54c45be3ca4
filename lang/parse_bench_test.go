package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// The benchmarks of the parser: its build (paid once per run of the tool)
// and the parse of the models and examples.

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
