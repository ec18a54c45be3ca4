//go:build linux

package engine

import (
	"syscall"
	"unsafe"
)

// madvCollapse is Linux's MADV_COLLAPSE (6.1 and later), which the
// syscall package does not name.
const madvCollapse = 25

// hugeWords asks Linux to back the domain words with huge pages: on
// 10000-queens the pass walks 12.5 MB of them in three streams, each
// crossing to another 4 KiB page every 64 columns, and the page walks of
// the TLB misses cost about a twentieth of the search. Only the whole
// 2 MiB pages inside the words are advised; the advice is only advice,
// and its failure (an older kernel, THP turned off) changes nothing.
func hugeWords(w []uint64) {
	const huge = 2 << 20
	if len(w)*8 < 2*huge {
		return
	}
	all := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)*8)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(all)))
	lo := int((huge - p%huge) % huge)
	hi := lo + (len(all)-lo)&^(huge-1)
	b := all[lo:hi]
	if syscall.Madvise(b, syscall.MADV_HUGEPAGE) == nil {
		syscall.Madvise(b, madvCollapse)
	}
}
