package engine

import "testing"

// Advising huge pages keeps the words as they were, whatever the size
// and alignment of the slice.
func TestHugeWordsKeepsWords(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 600_000, 1 << 20} {
		big := make([]uint64, n+7)
		for _, w := range [][]uint64{big[:n], big[7:]} {
			for i := range w {
				w[i] = uint64(i)*0x9e3779b97f4a7c15 + 1
			}
			hugeWords(w)
			for i := range w {
				if w[i] != uint64(i)*0x9e3779b97f4a7c15+1 {
					t.Fatalf("%d words: word %d changed", len(w), i)
				}
			}
		}
	}
}

// newWords gives room for at least n words, empty.
func TestNewWords(t *testing.T) {
	for _, n := range []int{0, 1, 1 << 16, 600_000, 1 << 20, 1_570_000} {
		if w := newWords(n); len(w) != 0 || cap(w) < n {
			t.Errorf("newWords(%d): len %d cap %d", n, len(w), cap(w))
		}
	}
}
