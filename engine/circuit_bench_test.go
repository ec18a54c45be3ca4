package engine

import (
	"fmt"
	"testing"
)

// Benchmarks of circuit (not run without -bench):
//
//	go test -run XXX -bench Circuit ./engine/

// knightsTour returns circuit over the n*n successors of a knight, each
// limited to the squares one jump away (squares numbered from 0).
func knightsTour(b *testing.B, n int) *Model {
	m := NewModel()
	succ := make([]Expr, n*n)
	for a := range n * n {
		var moves []int64
		for c := range n * n {
			dr, dc := absInt(a/n-c/n), absInt(a%n-c%n)
			if dr == 1 && dc == 2 || dr == 2 && dc == 1 {
				moves = append(moves, int64(c))
			}
		}
		x, err := m.NewVar(fmt.Sprintf("succ%d", a), moves)
		if err != nil {
			b.Fatal(err)
		}
		succ[a] = m.Ref(x)
	}
	g, err := NewCircuit(succ, 0)
	if err != nil {
		b.Fatal(err)
	}
	m.Post(g)
	return m
}

func absInt(x int) int { return max(x, -x) }

// BenchmarkCircuitKnightsTour finds the first closed knight's tour under
// the default settings, model construction included.
func BenchmarkCircuitKnightsTour(b *testing.B) {
	for _, n := range []int{6, 8, 10} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := knightsTour(b, n)
			b.ReportAllocs()
			var nodes int64
			for range b.N {
				s := newSolver(b, m, Default())
				if s.Next() != Solution {
					b.Fatal("no tour")
				}
				nodes = s.Stats().Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// burma14 is TSPLIB's burma14 (geographical distances); its shortest
// round trip is 3323.
var burma14 = [14][14]int64{
	{0, 153, 510, 706, 966, 581, 455, 70, 160, 372, 157, 567, 342, 398},
	{153, 0, 422, 664, 997, 598, 507, 197, 311, 479, 310, 581, 417, 376},
	{510, 422, 0, 289, 744, 390, 437, 491, 645, 880, 618, 374, 455, 211},
	{706, 664, 289, 0, 491, 265, 410, 664, 804, 1070, 768, 259, 499, 310},
	{966, 997, 744, 491, 0, 400, 514, 902, 990, 1261, 947, 418, 635, 636},
	{581, 598, 390, 265, 400, 0, 168, 522, 634, 910, 593, 19, 284, 239},
	{455, 507, 437, 410, 514, 168, 0, 389, 482, 757, 439, 163, 124, 232},
	{70, 197, 491, 664, 902, 522, 389, 0, 154, 406, 133, 508, 273, 355},
	{160, 311, 645, 804, 990, 634, 482, 154, 0, 276, 43, 623, 358, 498},
	{372, 479, 880, 1070, 1261, 910, 757, 406, 276, 0, 318, 898, 633, 761},
	{157, 310, 618, 768, 947, 593, 439, 133, 43, 318, 0, 582, 315, 464},
	{567, 581, 374, 259, 418, 19, 163, 508, 623, 898, 582, 0, 275, 221},
	{342, 417, 455, 499, 635, 284, 124, 273, 358, 633, 315, 275, 0, 247},
	{398, 376, 211, 310, 636, 239, 232, 355, 498, 761, 464, 221, 247, 0},
}

// BenchmarkCircuitTSP proves the shortest round trip through the first n
// cities of burma14, the length of each leg a variable tied to the
// successor by cost[i] = dist[i][succ[i]] (an element over constants).
func BenchmarkCircuitTSP(b *testing.B) {
	want := map[int]int64{9: 2626, 10: 3114, 14: 3323}
	for _, n := range []int{9, 10, 14} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := NewModel()
			succ := make([]Expr, n)
			cost := make([]Expr, n)
			for i := range n {
				x, _ := m.NewVarRange(fmt.Sprintf("succ%d", i), 0, int64(n-1))
				c, _ := m.NewVarRange(fmt.Sprintf("cost%d", i), 0, 1300)
				succ[i], cost[i] = m.Ref(x), m.Ref(c)
				row := make([]Expr, n)
				for j := range n {
					row[j] = NewConst(burma14[i][j])
				}
				el, _ := NewElement(succ[i], 0, row)
				eq, _ := NewBinary(OpEq, cost[i], el)
				m.Require(eq)
			}
			g, _ := NewCircuit(succ, 0)
			m.Post(g)
			total, _ := NewNary(OpSum, cost)
			m.SetObjective(Minimize, total)
			b.ReportAllocs()
			var nodes int64
			for range b.N {
				s := newSolver(b, m, Default())
				best := int64(-1)
				for s.Next() == Solution {
					best = s.Objective()
				}
				if best != want[n] {
					b.Fatalf("best %d, want %d", best, want[n])
				}
				nodes = s.Stats().Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
