package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// restore brings back the words and cells exactly as snapshot saw them,
// stale bits outside the bounds included, whether the snapshot kept the
// words as differences from the initial domains (few changed before it)
// or as a copy (many changed).
func TestSnapshotRestoresExactly(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	diffs, copies := 0, 0
	defer func(b uint64) { bitsetSpan = b }(bitsetSpan)
	for round := range 300 {
		bitsetSpan = []uint64{1 << 16, 100}[round%2] // some domains wide
		var st store
		ref := &refDomains{stack: [][][]int64{nil}}
		n := 2 + rng.Intn(5)
		for k := 0; k < n; {
			d, run := randomDomain(rng), 1+rng.Intn(n-k)
			st.addValues(d, run)
			for range run {
				ref.stack[0] = append(ref.stack[0], d)
			}
			k += run
		}
		st.magic = 1
		// Changes before the snapshot: none, a few, or many.
		for range []int{0, 3, 400}[round%3] {
			randomStoreOp(t, rng, &st, ref)
		}
		for st.level() > 0 {
			st.pop()
			ref.pop()
		}
		st.push()
		ref.push()
		st.snapshot()
		if st.snapWords == nil {
			diffs++
		} else {
			copies++
		}
		words, cells := slices.Clone(st.words), slices.Clone(st.cell)
		wide := st.copyWide(nil)
		for range 200 {
			randomStoreOp(t, rng, &st, ref)
		}
		st.restore()
		if !slices.Equal(st.words, words) || !slices.Equal(st.cell, cells) {
			t.Fatalf("round %d: restore differs from the snapshot", round)
		}
		for i, d := range st.copyWide(nil) {
			w := wide[i]
			if d.min != w.min || d.max != w.max || d.saved != w.saved || !slices.Equal(d.holes, w.holes) || !slices.Equal(d.pre, w.pre) {
				t.Fatalf("round %d: wide domain %d restored as %+v, want %+v", round, i, d, w)
			}
		}
	}
	if diffs == 0 || copies == 0 {
		t.Errorf("%d snapshots as differences, %d as copies: both must be tried", diffs, copies)
	}
}
