package searchtree

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// The stored nodes travel to the viewer as one base64 string of varints,
// three per node in search order: depth<<3 | kind<<1 | not-eq, the
// variable, and the value zigzagged. A node of 12-queens takes 3 bytes, 4
// in base64, where JSON objects would take 40; the viewer decodes them
// into typed arrays. The depths alone give the tree: a node's parent is
// the last node before it one level up.

// nodeBytes is the encoded size of n in base64, rounded up.
func nodeBytes(n node) int {
	raw := uvarintLen(uint64(n.depth)<<3|7) + uvarintLen(uint64(n.v)) + uvarintLen(zigzag(n.val))
	return (raw*4 + 2) / 3
}

func uvarintLen(u uint64) int {
	n := 1
	for u >= 0x80 {
		u >>= 7
		n++
	}
	return n
}

func zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// encodeNodes appends the varints of ns to dst.
func encodeNodes(dst []byte, ns []node) []byte {
	for _, n := range ns {
		head := uint64(n.depth)<<3 | uint64(n.kind)<<1
		if !n.eq {
			head |= 1
		}
		dst = binary.AppendUvarint(dst, head)
		dst = binary.AppendUvarint(dst, uint64(n.v))
		dst = binary.AppendUvarint(dst, zigzag(n.val))
	}
	return dst
}

// The dead ends' causes follow as a second stream, two varints per stored
// dead end in search order: the emptied variable + 1 and the failed
// constraint + 1 (0: none known).

// failureBytes is the encoded size of f in base64, rounded up.
func failureBytes(f failure) int {
	return ((uvarintLen(uint64(f.v+1))+uvarintLen(uint64(f.cons+1)))*4 + 2) / 3
}

// encodeFailures appends the varints of fs to dst.
func encodeFailures(dst []byte, fs []failure) []byte {
	for _, f := range fs {
		dst = binary.AppendUvarint(dst, uint64(f.v+1))
		dst = binary.AppendUvarint(dst, uint64(f.cons+1))
	}
	return dst
}

// formatDomain writes a domain, given as its maximal intervals, as ranges
// and single values separated by spaces: "1..3 5 7..9"; "" for an empty
// domain. A wide domain takes as many words as it has intervals.
func formatDomain(ivs []engine.Interval) string {
	var b strings.Builder
	for _, iv := range ivs {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(iv.Lo, 10))
		if iv.Hi > iv.Lo {
			b.WriteString("..")
			b.WriteString(strconv.FormatInt(iv.Hi, 10))
		}
	}
	return b.String()
}
