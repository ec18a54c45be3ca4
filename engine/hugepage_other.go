//go:build !linux

package engine

// hugeWords does nothing where huge pages cannot be asked for (see the
// Linux version).
func hugeWords([]uint64) {}

// newWords returns an empty slice with room for n words.
func newWords(n int) []uint64 { return make([]uint64, 0, n) }
