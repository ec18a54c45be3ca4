package engine

import (
	"fmt"
	"testing"
)

// BenchmarkQueensCount counts every solution of n-queens with the default
// options (MRV, ascending values, forward checking). One op is a whole
// count, solver construction included.
func BenchmarkQueensCount(b *testing.B) {
	want := map[int]int{8: 92, 10: 724, 12: 14200}
	for _, n := range []int{8, 10, 12} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, _ := queens(b, n)
			b.ReportAllocs()
			var nodes int64
			for range b.N {
				s := newSolver(b, m, Options{})
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

// BenchmarkQueensCountInput is the same count in input order.
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

// BenchmarkQueensFirst finds the first solution of n-queens with the
// default options.
func BenchmarkQueensFirst(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, _ := queens(b, n)
			b.ReportAllocs()
			var nodes int64
			for range b.N {
				s := newSolver(b, m, Options{})
				if s.Next() != Solution {
					b.Fatal("no solution")
				}
				nodes = s.Stats().Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
