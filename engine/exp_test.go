package engine

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func expOpts() Options {
	o := Options{}
	for _, kv := range strings.Split(os.Getenv("EXP_OPTS"), ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "order":
			for i, n := range orderNames {
				if n == v {
					o.Order = VarOrder(i)
				}
			}
		case "values":
			for i, n := range valueNames {
				if n == v {
					o.Values = ValueOrder(i)
				}
			}
		case "restarts":
			o.Restarts = true
		case "rec":
			o = Recommended()
		case "prop":
			for i, n := range propNames {
				if n == v {
					o.Prop = PropLevel(i)
				}
			}
		}
	}
	return o
}

func TestExpQueensCount(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("EXP_N"))
	if n == 0 {
		t.Skip()
	}
	m, _ := queens(t, n)
	o := expOpts()
	start := time.Now()
	c0 := cpuTime()
	s := newSolver(t, m, o)
	c := countSolutions(s)
	fmt.Printf("count %d-queens %v/%v/%v: %d in %v (cpu %v) %+v\n", n, o.Order, o.Values, o.Prop, c, time.Since(start), cpuTime()-c0, s.Stats())
}

func TestExpQueensFirst(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("EXP_FIRST"))
	if n == 0 {
		t.Skip()
	}
	m, q := queens(t, n)
	o := expOpts()
	o.Deadline = time.Now().Add(20 * time.Second)
	start := time.Now()
	c0 := cpuTime()
	s := newSolver(t, m, o)
	st := s.Next()
	fmt.Printf("first %d-queens %v/%v/%v: %v in %v (cpu %v) %+v\n", n, o.Order, o.Values, o.Prop, st, time.Since(start), cpuTime()-c0, s.Stats())
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("maxrss %d MB, trail cap %d\n", ru.Maxrss/1024, cap(s.st.log))
	if st == Solution {
		checkQueens(t, s, q)
	}
}

func TestExpSudoku(t *testing.T) {
	name := os.Getenv("EXP_SUDOKU")
	if name == "" {
		t.Skip()
	}
	o := expOpts()
	o.Deadline = time.Now().Add(60 * time.Second)
	start := time.Now()
	c0 := cpuTime()
	nodes := solveSudokus(t, name, o, 0)
	fmt.Printf("sudoku %s %v/%v/%v: %d nodes in %v (cpu %v)\n", name, o.Order, o.Values, o.Prop, nodes, time.Since(start), cpuTime()-c0)
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkExpNewSolverSudoku(b *testing.B) {
	m, _ := sudoku(b, ".................................................................................")
	o := expOpts()
	b.ReportAllocs()
	for range b.N {
		NewSolver(m, o)
	}
}

func TestExpParallel(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("EXP_PAR"))
	if n == 0 {
		t.Skip()
	}
	w, _ := strconv.Atoi(os.Getenv("EXP_W"))
	m, _ := queens(t, n)
	o := expOpts()
	start := time.Now()
	c0 := cpuTime()
	st, stats, err := SolveParallel(m, o, w, nil)
	fmt.Printf("parallel %d-queens w=%d %v/%v/%v: %v %d in %v (cpu %v) %+v err %v\n", n, w, o.Order, o.Values, o.Prop, st, stats.Solutions, time.Since(start), cpuTime()-c0, stats, err)
}

func TestExpBatch(t *testing.T) {
	name := os.Getenv("EXP_BATCH")
	if name == "" {
		t.Skip()
	}
	o := expOpts()
	start := time.Now()
	c0 := cpuTime()
	n, nodes := solveBatch(t, name, o, 0)
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("batch %s %v/%v/%v: %d puzzles, %d nodes in %v (cpu %v) maxrss %d MB\n", name, o.Order, o.Values, o.Prop, n, nodes, time.Since(start), cpuTime()-c0, ru.Maxrss/1024)
}

func TestExpQueensSweep(t *testing.T) {
	if os.Getenv("EXP_SWEEP") == "" {
		t.Skip()
	}
	o := expOpts()
	worst, worstN := int64(0), 0
	var total int64
	c0 := cpuTime()
	lo, hi, step := 4, 400, 1
	if v := os.Getenv("EXP_SWEEP_RANGE"); v != "" {
		fmt.Sscanf(v, "%d:%d:%d", &lo, &hi, &step)
	}
	for n := lo; n <= hi; n += step {
		m, q := queens(t, n)
		o.Deadline = time.Now().Add(10 * time.Second)
		s := newSolver(t, m, o)
		if st := s.Next(); st != Solution {
			fmt.Printf("n=%d: %v after %d nodes\n", n, st, s.Stats().Nodes)
			continue
		}
		checkQueens(t, s, q)
		nd := s.Stats().Nodes
		total += nd
		if nd > worst {
			worst, worstN = nd, n
		}
	}
	fmt.Printf("sweep %v/%v/%v: total nodes %d, worst %d at n=%d, cpu %v\n", o.Order, o.Values, o.Prop, total, worst, worstN, cpuTime()-c0)
}
