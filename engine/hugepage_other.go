//go:build !linux

package engine

// hugeWords does nothing where huge pages cannot be asked for (see the
// Linux version).
func hugeWords([]uint64) {}
