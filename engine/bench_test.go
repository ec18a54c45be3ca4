package engine

import (
	"fmt"
	"strings"
	"testing"
)

// Benchmarks of the project's performance targets (issue 4). They are not
// run by go test without -bench; those that need the puzzle files skip
// when the files are absent. One op is a whole task, model and solver
// construction included unless said otherwise. Run them with
//
//	go test -run XXX -bench . -benchmem ./engine/
//
// and, for the large ones, -benchtime 1x or 3x.

// benchOptions are the option sets compared: the textbook search (the
// zero Options) and csp's default.
var benchOptions = []struct {
	name string
	o    Options
}{
	{"fc", Options{}},
	{"default", Default()},
}

// courseOptions are the course's settings (csp --order mrv --values min
// --prop fc), under which counting n-queens runs forwardQueens.
var courseOptions = struct {
	name string
	o    Options
}{"course", Options{Order: OrderMRV, Prop: PropFC}}

// BenchmarkQueensCount counts every solution of n-queens.
func BenchmarkQueensCount(b *testing.B) {
	want := map[int]int{8: 92, 10: 724, 12: 14200, 13: 73712, 14: 365596}
	for _, bo := range append(benchOptions, courseOptions) {
		for _, n := range []int{8, 10, 12, 13, 14} {
			b.Run(fmt.Sprintf("%s/%d", bo.name, n), func(b *testing.B) {
				m, _ := queens(b, n)
				b.ReportAllocs()
				var nodes int64
				for range b.N {
					s := newSolver(b, m, bo.o)
					if got := countSolutions(s); got != want[n] {
						b.Fatalf("%d solutions", got)
					}
					nodes = s.Stats().Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*nodes), "ns/node")
			})
		}
	}
}

// BenchmarkQueensCountParallel counts the solutions of n-queens with
// SolveParallel.
func BenchmarkQueensCountParallel(b *testing.B) {
	want := map[int]int64{12: 14200, 13: 73712, 14: 365596}
	for _, bo := range benchOptions {
		for _, n := range []int{12, 13, 14} {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%d/workers=%d", bo.name, n, w), func(b *testing.B) {
					m, _ := queens(b, n)
					for range b.N {
						st, stats, err := SolveParallel(m, bo.o, w, nil)
						if err != nil || st != Exhausted || stats.Solutions != want[n] {
							b.Fatalf("%v %+v %v", st, stats, err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkQueensCountInput is the count of 12-queens in input order.
func BenchmarkQueensCountInput(b *testing.B) {
	m, _ := queens(b, 12)
	b.ReportAllocs()
	var nodes int64
	for range b.N {
		s := newSolver(b, m, Options{Order: OrderInput})
		countSolutions(s)
		nodes = s.Stats().Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*nodes), "ns/node")
}

// BenchmarkQueensFirst finds the first solution of n-queens, the model
// built in each op. Forward checking thrashes from n = 2000 on, so it only
// runs the small sizes.
func BenchmarkQueensFirst(b *testing.B) {
	for _, bo := range benchOptions {
		for _, n := range []int{100, 1000, 5000, 10000} {
			if bo.o.Prop == PropFC && n > 1000 {
				continue
			}
			b.Run(fmt.Sprintf("%s/%d", bo.name, n), func(b *testing.B) {
				b.ReportAllocs()
				var nodes int64
				for range b.N {
					m, q := queens(b, n)
					s := newSolver(b, m, bo.o)
					if s.Next() != Solution {
						b.Fatal("no solution")
					}
					if b.N == 1 {
						checkQueens(b, s, q)
					}
					nodes = s.Stats().Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// BenchmarkSudoku solves a puzzle set per op, each answer checked against
// the solutions file, with one solver Reset and restricted to each
// puzzle's givens (solveBatch).
func BenchmarkSudoku(b *testing.B) {
	for _, set := range []string{"top95", "hardest", "sudoku17_sample1000", "hexadoku16", "sudoku17"} {
		for _, bo := range benchOptions {
			if bo.o.Prop == PropFC && (set == "hexadoku16" || set == "sudoku17") {
				continue // forward checking takes minutes on some of them
			}
			b.Run(set+"/"+bo.name, func(b *testing.B) {
				b.ReportAllocs()
				var n int
				var nodes int64
				for range b.N {
					n, nodes = solveBatch(b, set, bo.o, 0)
				}
				b.ReportMetric(float64(nodes)/float64(n), "nodes/puzzle")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*int64(n)), "ns/puzzle")
			})
		}
	}
}

// BenchmarkSudokuNewSolver solves the 1000-puzzle sample with a NewSolver
// per puzzle over one model, restricted to the givens: the cost of
// building a solver each time instead of Reset.
func BenchmarkSudokuNewSolver(b *testing.B) {
	puzzles := readLines(b, "sudoku17_sample1000.txt")
	m, cells := sudoku(b, strings.Repeat(".", 81))
	o := Default()
	b.ReportAllocs()
	for range b.N {
		for i, p := range puzzles {
			s := newSolver(b, m, o)
			for k := range p {
				if d := sudokuDigit(p[k]); d > 0 {
					s.Restrict(cells[k], []int64{int64(d)})
				}
			}
			if s.Next() != Solution {
				b.Fatalf("puzzle %d: no solution", i+1)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*int64(len(puzzles))), "ns/puzzle")
}

// BenchmarkNewSolver builds a solver for an empty sudoku grid.
func BenchmarkNewSolver(b *testing.B) {
	m, _ := sudoku(b, strings.Repeat(".", 81))
	for _, bo := range benchOptions {
		b.Run(bo.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				newSolver(b, m, bo.o)
			}
		})
	}
}

// BenchmarkReset is the reuse path: Reset, restrict to 17 givens, solve.
func BenchmarkReset(b *testing.B) {
	p := "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	m, cells := sudoku(b, strings.Repeat(".", 81))
	s := newSolver(b, m, Default())
	b.ReportAllocs()
	for range b.N {
		s.Reset()
		for k := range p {
			if d := sudokuDigit(p[k]); d > 0 {
				s.Restrict(cells[k], []int64{int64(d)})
			}
		}
		if s.Next() != Solution {
			b.Fatal("no solution")
		}
	}
}

// sendMostMoney is SEND + MOST = MONEY as a satisfaction problem with the
// sum as a variable of its own over a wide domain, money in 10000..99999
// (issue 12): 16 solutions.
func sendMostMoney(tb testing.TB) *Model {
	m := NewModel()
	letter := map[rune]Expr{}
	var letters []Expr
	for _, c := range "SENDMOTY" {
		v, err := m.NewVarRange(string(c), 0, 9)
		if err != nil {
			tb.Fatal(err)
		}
		letter[c] = m.Ref(v)
		letters = append(letters, letter[c])
	}
	mv, _ := m.NewVarRange("money", 10000, 99999)
	money := m.Ref(mv)
	word := func(w string) []Expr {
		var terms []Expr
		place := int64(1)
		for i := len(w) - 1; i >= 0; i-- {
			t, err := NewBinary(OpMul, NewConst(place), letter[rune(w[i])])
			if err != nil {
				tb.Fatal(err)
			}
			terms = append(terms, t)
			place *= 10
		}
		return terms
	}
	must := func(e Expr, err error) Expr {
		if err != nil {
			tb.Fatal(err)
		}
		return e
	}
	m.AllDifferent(letters)
	m.Require(must(NewBinary(OpNe, letter['S'], NewConst(0))))
	m.Require(must(NewBinary(OpNe, letter['M'], NewConst(0))))
	sum := must(NewNary(OpSum, append(word("SEND"), word("MOST")...)))
	m.Require(must(NewBinary(OpEq, sum, money)))
	m.Require(must(NewBinary(OpEq, money, must(NewNary(OpSum, word("MONEY"))))))
	return m
}

// BenchmarkWideCountParallel counts the solutions of sendMostMoney with
// forward checking on 1 and 2 workers (issue 12 reported 2 workers ten
// times slower than 1 on this kind of model).
func BenchmarkWideCountParallel(b *testing.B) {
	m := sendMostMoney(b)
	for _, o := range []Options{{Prop: PropFC}, {Order: OrderDomWdeg, Values: ValuesMid, Prop: PropFC}, Default()} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%v-%v-%v/workers=%d", o.Order, o.Values, o.Prop, w), func(b *testing.B) {
				var nodes int64
				for range b.N {
					st, stats, err := SolveParallel(m, o, w, nil)
					if err != nil || st != Exhausted || stats.Solutions != 16 {
						b.Fatalf("%v %+v %v", st, stats, err)
					}
					nodes = stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// BenchmarkQueensCountKernel counts n-queens under the course's settings
// with the forward-checking kernel (fcnet.go) and without it, on one
// solver and with SolveParallel on two workers, reporting the CPU time
// of the process per op beside the wall-clock time: on a shared machine
// user time is the steadier figure.
func BenchmarkQueensCountKernel(b *testing.B) {
	want := map[int]int64{12: 14200, 13: 73712, 14: 365596, 15: 2279184}
	for _, n := range []int{12, 13, 14, 15} {
		for _, w := range []int{1, 2} {
			for _, on := range []bool{true, false} {
				name := fmt.Sprintf("%d/workers=%d/kernel=%v", n, w, on)
				b.Run(name, func(b *testing.B) {
					fcNetOn = on
					defer func() { fcNetOn = true }()
					m, _ := queens(b, n)
					var nodes int64
					cpu0 := cpuTime()
					for range b.N {
						st, stats, err := SolveParallel(m, courseOptions.o, w, nil)
						if err != nil || st != Exhausted || stats.Solutions != want[n] {
							b.Fatalf("%v %+v %v", st, stats, err)
						}
						nodes = stats.Nodes
					}
					cpu := float64(cpuTime()-cpu0) / float64(b.N)
					b.ReportMetric(float64(nodes), "nodes/op")
					b.ReportMetric(cpu/1e6, "cpu-ms/op")
					b.ReportMetric(cpu/float64(nodes), "cpu-ns/node")
				})
			}
		}
	}
}
