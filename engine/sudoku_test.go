package engine

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"
)

const sudokuData = "../../shared/data/sudoku/"

// sudoku builds the language spec's sudoku model from a puzzle of N×N
// characters (N = 9, 16, 25: '1'-'9' then 'A'-'Z' for 10 and up, '.' or
// '0' blank): alldiff on rows, columns and blocks; givens as unary
// constraints.
func sudoku(t testing.TB, puzzle string) (*Model, []Var) {
	n, b := sudokuSize(t, puzzle)
	m := NewModel()
	cells := make([]Var, n*n)
	refs := make([]Expr, n*n)
	for i := range cells {
		v, err := m.NewVarRange("cell", 1, int64(n))
		if err != nil {
			t.Fatal(err)
		}
		cells[i], refs[i] = v, m.Ref(v)
	}
	for i := range puzzle {
		if d := sudokuDigit(puzzle[i]); d > 0 {
			e, _ := NewBinary(OpEq, refs[i], NewConst(int64(d)))
			m.Require(e)
		}
	}
	for _, unit := range sudokuUnits(n, b) {
		args := make([]Expr, len(unit))
		for k, i := range unit {
			args[k] = refs[i]
		}
		m.AllDifferent(args)
	}
	return m, cells
}

// sudokuSize returns the side and the block side of a puzzle.
func sudokuSize(t testing.TB, puzzle string) (int, int) {
	for b := 3; b <= 6; b++ {
		if len(puzzle) == b*b*b*b {
			return b * b, b
		}
	}
	t.Fatalf("puzzle of %d characters", len(puzzle))
	return 0, 0
}

// sudokuDigit decodes a cell: 0 for a blank.
func sudokuDigit(c byte) int {
	switch {
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 0
}

func sudokuSymbol(d int64) byte {
	if d <= 9 {
		return byte('0' + d)
	}
	return byte('A' + d - 10)
}

// sudokuUnits returns the cells of every row, column and block, in the
// order the spec's model posts them: for each r, row r, column r, block r.
func sudokuUnits(n, b int) [][]int {
	var units [][]int
	for r := range n {
		var row, col, block []int
		for k := range n {
			row = append(row, n*r+k)
			col = append(col, n*k+r)
			block = append(block, n*(b*(r/b)+k/b)+b*(r%b)+k%b)
		}
		units = append(units, row, col, block)
	}
	return units
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
			got.WriteByte(sudokuSymbol(s.Value(c)))
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

// The default options solve every set, 16×16 included, through one
// Reset solver per set.
func TestSudokuDefault(t *testing.T) {
	for _, name := range []string{"famous", "hardest", "top95", "hexadoku16", "sudoku17_sample1000"} {
		start := time.Now()
		n, nodes := solveBatch(t, name, Default(), 0)
		t.Logf("%s: %d puzzles, %d nodes in %v", name, n, nodes, time.Since(start))
	}
}

// solveBatch solves every puzzle of a set with one solver over the model
// of an empty grid, Reset and restricted to each puzzle's givens (as csp
// solve --each does), checking each answer against the solutions file.
// It returns the number of puzzles and the total nodes.
func solveBatch(t testing.TB, name string, o Options, limit int) (int, int64) {
	puzzles := readLines(t, name+".txt")
	sols := readLines(t, name+".solutions.txt")
	if limit > 0 && limit < len(puzzles) {
		puzzles = puzzles[:limit]
	}
	m, cells := sudoku(t, strings.Repeat(".", len(puzzles[0])))
	s, err := NewSolver(m, o)
	if err != nil {
		t.Fatal(err)
	}
	var nodes int64
	buf := make([]byte, len(cells))
	for i, p := range puzzles {
		s.Reset()
		feasible := true
		for k := range p {
			if d := sudokuDigit(p[k]); d > 0 && !s.Restrict(cells[k], []int64{int64(d)}) {
				feasible = false
			}
		}
		if !feasible || s.Next() != Solution {
			t.Fatalf("%s %d: no solution", name, i+1)
		}
		for k, c := range cells {
			buf[k] = sudokuSymbol(s.Value(c))
		}
		if string(buf) != sols[i] {
			t.Fatalf("%s %d: %s, want %s", name, i+1, buf, sols[i])
		}
		nodes += s.Stats().Nodes
	}
	return len(puzzles), nodes
}
