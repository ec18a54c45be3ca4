package engine

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"
)

const sudokuData = "../../shared/data/sudoku/"

// sudoku builds the language spec's sudoku model from an 81-character
// puzzle: alldiff on rows, columns and blocks; givens as unary constraints.
func sudoku(t testing.TB, puzzle string) (*Model, []Var) {
	m := NewModel()
	cells := make([]Var, 81)
	refs := make([]Expr, 81)
	for i := range cells {
		v, err := m.NewVarRange("cell", 1, 9)
		if err != nil {
			t.Fatal(err)
		}
		cells[i], refs[i] = v, m.Ref(v)
	}
	for i, ch := range puzzle {
		if ch >= '1' && ch <= '9' {
			e, _ := NewBinary(OpEq, refs[i], NewConst(int64(ch-'0')))
			m.Require(e)
		}
	}
	for r := range 9 {
		var row, col, block []Expr
		for k := range 9 {
			row = append(row, refs[9*r+k])
			col = append(col, refs[9*k+r])
			block = append(block, refs[9*(3*(r/3)+k/3)+3*(r%3)+k%3])
		}
		m.AllDifferent(row)
		m.AllDifferent(col)
		m.AllDifferent(block)
	}
	return m, cells
}

func readLines(t testing.TB, name string) []string {
	f, err := os.Open(sudokuData + name)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// solveSudokus solves each puzzle and checks it against its solution and
// uniqueness; it returns the total number of nodes.
func solveSudokus(t testing.TB, name string, o Options, limit int) int64 {
	puzzles := readLines(t, name+".txt")
	sols := readLines(t, name+".solutions.txt")
	var nodes int64
	for i, p := range puzzles {
		if limit > 0 && i == limit {
			break
		}
		m, cells := sudoku(t, p)
		s, err := NewSolver(m, o)
		if err != nil {
			t.Fatal(err)
		}
		if s.Next() != Solution {
			t.Fatalf("%s %d: no solution", name, i+1)
		}
		var got strings.Builder
		for _, c := range cells {
			got.WriteByte(byte('0' + s.Value(c)))
		}
		if got.String() != sols[i] {
			t.Fatalf("%s %d: %s, want %s", name, i+1, got.String(), sols[i])
		}
		nodes += s.Stats().Nodes
	}
	return nodes
}

func TestSudoku(t *testing.T) {
	for _, name := range []string{"famous", "hardest", "top95"} {
		start := time.Now()
		nodes := solveSudokus(t, name, Options{}, 0)
		t.Logf("%s: %d nodes in %v", name, nodes, time.Since(start))
	}
	limit := 200
	if os.Getenv("CSP_SUDOKU_ALL") != "" {
		limit = 0 // all 49,151
	}
	start := time.Now()
	nodes := solveSudokus(t, "sudoku17", Options{}, limit)
	t.Logf("sudoku17 (limit %d): %d nodes in %v", limit, nodes, time.Since(start))
}

// BenchmarkSudoku17 solves the first 1000 sudoku17 puzzles per op (model
// and solver construction included).
func BenchmarkSudoku17(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		solveSudokus(b, "sudoku17", Options{}, 1000)
	}
}
