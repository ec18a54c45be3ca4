//go:build linux

package engine

import (
	"syscall"
	"unsafe"
)

// madvCollapse is Linux's MADV_COLLAPSE (6.1 and later), which the
// syscall package does not name.
const madvCollapse = 25

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// newWords returns an empty slice with room for n domain words. Room for
// 4 MiB or more starts on a huge page boundary, so that hugeWords can
// advise all of it: Go places a large object on a small page boundary
// only, and the words before the first huge page boundary, up to 2 MiB of
// them, would stay on small pages. The room before the boundary is never
// touched, so it takes no memory; the capacity is rounded up to whole
// huge pages, so that the last one can be advised too.
func newWords(n int) []uint64 {
	if n*8 < 2*hugePage {
		return make([]uint64, 0, n)
	}
	round := (n*8 + hugePage - 1) &^ (hugePage - 1) / 8
	w := make([]uint64, round+hugePage/8)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(w)))
	skip := int((hugePage-p%hugePage)%hugePage) / 8
	return w[skip : skip : skip+round]
}

// hugeWords asks Linux to back the capacity of the domain words with huge
// pages, and to collapse the small pages already there into them: on
// 10000-queens the pass walks 12.5 MB of words in three streams, each
// crossing to another 4 KiB page every 64 columns, and the page walks of
// the TLB misses cost about a twentieth of the search. Only the whole
// 2 MiB pages inside it are advised; the advice is only advice, and its
// failure (an older kernel, THP turned off) changes nothing. (The trail's
// log was tried too: no faster, and 4 MB more, its untouched end backed.)
func hugeWords(w []uint64) {
	if cap(w)*8 < 2*hugePage {
		return
	}
	all := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), cap(w)*8)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(all)))
	lo := int((hugePage - p%hugePage) % hugePage)
	hi := lo + (len(all)-lo)&^(hugePage-1)
	b := all[lo:hi]
	if syscall.Madvise(b, syscall.MADV_HUGEPAGE) == nil {
		syscall.Madvise(b, madvCollapse)
	}
}
