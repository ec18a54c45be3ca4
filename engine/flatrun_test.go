package engine

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// storeHashes runs a search to limit solutions and returns, for each node,
// a hash of the whole store once the node's propagation is done: the
// domain words, the cells and the trail's records.
func storeHashes(t *testing.T, m *Model, o Options, limit int) []uint64 {
	t.Helper()
	s := newSolver(t, m, o)
	var hs []uint64
	s.trace = func(int, Var, int64, bool, bool) {
		st := &s.st
		h := fnv.New64a()
		h.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(st.words))), 8*len(st.words)))
		h.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(st.cell))), 4*len(st.cell)))
		h.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(st.log))), 8*len(st.log)))
		hs = append(hs, h.Sum64())
	}
	for range limit {
		if s.Next() != Solution {
			break
		}
	}
	return hs
}

// flatRunAMD64 leaves the store exactly as flatPass.run does, record for
// record, at every node of searches over random models of the flat
// class and over boards, under every variable and value order.
func TestQueensFlatRunByHand(t *testing.T) {
	if !flatRunAsm {
		t.Skip("no hand-written run on this processor")
	}
	defer func() { flatRunAsm = true }()
	rng := rand.New(rand.NewSource(19))
	nodes := 0
	compare := func(name string, m *Model, o Options, limit int) {
		flatRunAsm = true
		a := storeHashes(t, m, o, limit)
		flatRunAsm = false
		b := storeHashes(t, m, o, limit)
		if !slices.Equal(a, b) {
			t.Fatalf("%s: the stores differ (%d and %d nodes)", name, len(a), len(b))
		}
		nodes += len(a)
	}
	for i := range 40 {
		m, _, _, _ := flatModel(rng, false)
		for _, o := range allOptions() {
			if o.Prop == PropAC {
				compare(fmt.Sprintf("model %d %v/%v", i, o.Order, o.Values), m, o, 5)
			}
		}
	}
	// The least value first thrashes on larger boards (TestQueensFlatBoards).
	for _, n := range []int{65, 129, 200} {
		m, _ := queens(t, n)
		for _, o := range []Options{Default(), {Prop: PropAC, Order: OrderMRV, Values: ValuesMid}} {
			compare(fmt.Sprintf("%d-queens %v/%v", n, o.Order, o.Values), m, o, 1)
		}
	}
	if nodes < 1000 {
		t.Errorf("only %d nodes compared", nodes)
	}
}
