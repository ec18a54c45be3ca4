package engine

import (
	"math"
	"sort"
)

// Wide domains. A variable whose initial span is wider than bitsetSpan
// keeps its domain as two bounds and a sorted list of gaps: the values
// of the initial span that are not in the domain. Its memory follows the
// number of gaps, whatever the span (-10^12..10^12 takes a few words);
// moving a bound is O(1) plus a binary search over the gaps, and taking
// out a value strictly inside the bounds inserts or widens a gap, O(gaps).
//
// Invariants, as for the bit sets: the bounds are values of the domain,
// so no gap holds either; gaps are disjoint, sorted and not adjacent (two
// that would touch are merged), so the value after a gap is in the
// domain; gaps outside the bounds mean nothing and are left alone, as the
// bits outside a bit set's bounds are.
//
// The state is not in the store's cells (they hold 32 bits) but in
// wideDom, and every change of it is undone through a log of its own,
// wlog, in trailing and copying stores alike: a bounds change saves the
// old bounds once per level (saved says at which level it last did, and
// is itself restored by the undo, so a level opened again saves again),
// a gap change saves what it replaced. Undoing touches nothing else, so
// wlog and the main trail can be undone independently. The size cell
// (3x+cSize) holds the number of values up to MaxInt32 and MaxInt32 for
// more; fixed() and the wake-ups on one or two values read it as for a
// bit set, and size() counts the values when it is saturated.
type wideDom struct {
	min, max int64
	size     int64      // the number of values in [min, max]
	holes    []Interval // the gaps
	pre      []int64    // pre[i]: the number of values in holes[:i]
	saved    int32      // the level at which the bounds were last saved
	x        int32
}

// wideRec is one change of a wide domain, for its undo.
type wideRec struct {
	w  int32 // index in store.wide
	op uint8
	i  int32    // wBounds: the saved level before; wSplice: the gap's index
	iv Interval // wBounds: min and max before; wSplice: where its old gaps are in wsaved, and how many
	n  int64    // the size before
	k  int32    // wSplice: how many gaps replaced them, from gap i
}

const (
	wBounds uint8 = iota // the bounds were iv
	wSplice              // gaps i..i+k-1 replaced the gaps wsaved[iv.Lo:iv.Lo+iv.Hi]
)

// addWide appends count variables whose domain is the union of ivs as
// wide domains: the gaps between the intervals are their first gaps.
func (t *store) addWide(ivs []Interval, count int) {
	lo, hi := ivs[0].Lo, ivs[len(ivs)-1].Hi
	holes := make([]Interval, 0, len(ivs)-1)
	pre := make([]int64, 1, len(ivs))
	size := hi - lo + 1
	for i := 1; i < len(ivs); i++ {
		g := Interval{ivs[i-1].Hi + 1, ivs[i].Lo - 1}
		holes = append(holes, g)
		pre = append(pre, pre[len(pre)-1]+g.Hi-g.Lo+1)
		size -= g.Hi - g.Lo + 1
	}
	for range count {
		x := int32(len(t.vi))
		t.wide = append(t.wide, wideDom{
			min: lo, max: hi, size: size, x: x, saved: -1,
			holes: append([]Interval(nil), holes...), pre: append([]int64(nil), pre...),
		})
		t.vi = append(t.vi, varInfo{lo: lo, width: uint64(hi - lo + 1), woff: -1 << 50, stride: 1, wide: int32(len(t.wide))})
		t.newCell(saturate(size))
		t.newCell(0)
		t.newCell(0)
	}
}

// saturate returns n as a size cell holds it.
func saturate(n int64) int32 { return int32(min(n, math.MaxInt32)) }

func (t *store) wideOf(x int32) *wideDom { return &t.wide[t.vi[x].wide-1] }

// gapAfter returns the index of the first gap of d that starts above v;
// the gap before it, if any, is the one that may hold v.
func (d *wideDom) gapAfter(v int64) int {
	return sort.Search(len(d.holes), func(i int) bool { return d.holes[i].Lo > v })
}

// inGap returns the gap that holds v, or -1.
func (d *wideDom) inGap(v int64) int {
	k := d.gapAfter(v) - 1
	if k >= 0 && d.holes[k].Hi >= v {
		return k
	}
	return -1
}

// count returns the number of values in [d.min, d.max].
func (d *wideDom) count() int64 {
	i, j := d.gapAfter(d.min), d.gapAfter(d.max)
	return d.max - d.min + 1 - (d.pre[j] - d.pre[i])
}

func (t *store) wideContains(x int32, v int64) bool {
	d := t.wideOf(x)
	return v >= d.min && v <= d.max && d.inGap(v) < 0
}

// wideNext returns the least value of x at least u, for u within its
// bounds.
func (t *store) wideNext(x int32, u int64) int64 {
	d := t.wideOf(x)
	if k := d.inGap(u); k >= 0 {
		return d.holes[k].Hi + 1
	}
	return u
}

// widePrev returns the greatest value of x at most u, for u within its
// bounds.
func (t *store) widePrev(x int32, u int64) int64 {
	d := t.wideOf(x)
	if k := d.inGap(u); k >= 0 {
		return d.holes[k].Lo - 1
	}
	return u
}

// wideBounds narrows x to [lo, hi], which holds one of its values at
// least and lies within its bounds.
func (t *store) wideBounds(x int32, lo, hi int64) bool {
	t.setWideBounds(x, t.wideNext(x, lo), t.widePrev(x, hi))
	return true
}

// setWideBounds makes lo and hi, values of x, its bounds.
func (t *store) setWideBounds(x int32, lo, hi int64) {
	w := t.vi[x].wide - 1
	d := &t.wide[w]
	if lvl := int32(len(t.wmarks)); d.saved != lvl {
		t.wlog = append(t.wlog, wideRec{w: w, op: wBounds, i: d.saved, iv: Interval{d.min, d.max}, n: d.size})
		d.saved = lvl
	}
	d.min, d.max = lo, hi
	d.size = d.count()
	t.set(3*x+cSize, saturate(d.size))
	t.changed(x)
}

// changed counts a change of x and reports it to PropAC.
func (t *store) changed(x int32) {
	t.changes++
	if t.track {
		t.touch(x)
	}
}

func (t *store) wideFix(x int32, v int64) bool {
	if !t.wideContains(x, v) {
		return false
	}
	if t.cell[3*x+cSize] != 1 {
		t.setWideBounds(x, v, v)
	}
	return true
}

func (t *store) wideRemove(x int32, v int64) bool {
	if !t.wideContains(x, v) {
		return true
	}
	return t.wideRemoveRange(x, v, v)
}

// wideRemoveRange takes the values a..b out of x, a wide variable.
func (t *store) wideRemoveRange(x int32, a, b int64) bool {
	d := t.wideOf(x)
	a, b = max(a, d.min), min(b, d.max)
	switch {
	case a > b:
		return true
	case a == d.min && b == d.max:
		t.wiped = x
		return false
	case a == d.min:
		t.setWideBounds(x, t.wideNext(x, b+1), d.max)
	case b == d.max:
		t.setWideBounds(x, d.min, t.widePrev(x, a-1))
	default:
		t.addGap(x, a, b)
	}
	return true
}

// addGap takes a..b, strictly inside the bounds of x, out of its domain:
// one gap replaces those it overlaps or touches.
func (t *store) addGap(x int32, a, b int64) {
	w := t.vi[x].wide - 1
	d := &t.wide[w]
	i := sort.Search(len(d.holes), func(k int) bool { return d.holes[k].Hi >= a-1 })
	j := d.gapAfter(b + 1)
	g := Interval{a, b}
	if i < j {
		g = Interval{min(a, d.holes[i].Lo), max(b, d.holes[j-1].Hi)}
		if j == i+1 && g == d.holes[i] {
			return // already out
		}
	}
	at := len(t.wsaved)
	t.wsaved = append(t.wsaved, d.holes[i:j]...)
	t.wlog = append(t.wlog, wideRec{w: w, op: wSplice, i: int32(i), iv: Interval{int64(at), int64(j - i)}, n: d.size, k: 1})
	d.splice(i, j, g)
	d.size = d.count()
	t.set(3*x+cSize, saturate(d.size))
	t.changed(x)
}

// wideKeep narrows x, a wide variable, to its values within keep
// (sorted, disjoint, not adjacent, within its bounds, none empty): one
// change of its gaps however many it makes. Taking the values out one by
// one rewrote the list of gaps at each: a filter such as n % 97 = 0 over
// 100000..999999 made 9,000 gaps in minutes.
func (t *store) wideKeep(x int32, keep []Interval) bool {
	if len(keep) == 0 {
		t.wiped = x
		return false
	}
	w := t.vi[x].wide - 1
	d := &t.wide[w]
	lo, hi := keep[0].Lo, keep[len(keep)-1].Hi
	gaps := make([]Interval, 0, len(keep)-1)
	for k := 1; k < len(keep); k++ {
		gaps = append(gaps, Interval{keep[k-1].Hi + 1, keep[k].Lo - 1})
	}
	// The gaps within the bounds give way to the new ones; those outside
	// stay (they mean nothing), and none of them touches a new gap, which
	// lies strictly inside lo..hi.
	i, j := d.gapAfter(d.min), d.gapAfter(d.max)
	at := len(t.wsaved)
	t.wsaved = append(t.wsaved, d.holes[i:j]...)
	t.wlog = append(t.wlog, wideRec{w: w, op: wSplice, i: int32(i), iv: Interval{int64(at), int64(j - i)}, n: d.size, k: int32(len(gaps))})
	d.splice(i, j, gaps...)
	t.setWideBounds(x, lo, hi)
	return true
}

// splice replaces gaps i..j-1 with the given ones and recounts.
func (d *wideDom) splice(i, j int, gaps ...Interval) {
	n := len(d.holes) - (j - i) + len(gaps)
	tail := len(d.holes) - j
	for len(d.holes) < n { // amortised growth, no scratch slice
		d.holes = append(d.holes, Interval{})
	}
	for len(d.pre) < n+1 {
		d.pre = append(d.pre, 0)
	}
	copy(d.holes[i+len(gaps):], d.holes[j:j+tail])
	copy(d.holes[i:], gaps)
	d.holes, d.pre = d.holes[:n], d.pre[:n+1]
	d.fixPre(i)
}

// fixPre recomputes the counts of the gaps from gap i on.
func (d *wideDom) fixPre(i int) {
	for ; i < len(d.holes); i++ {
		d.pre[i+1] = d.pre[i] + d.holes[i].Hi - d.holes[i].Lo + 1
	}
}

// undoWide undoes the wide records from mark on, newest first.
func (t *store) undoWide(mark int) {
	for i := len(t.wlog) - 1; i >= mark; i-- {
		r := &t.wlog[i]
		d := &t.wide[r.w]
		d.size = r.n
		if r.op == wBounds {
			d.min, d.max, d.saved = r.iv.Lo, r.iv.Hi, r.i
			continue
		}
		at := int(r.iv.Lo)
		d.splice(int(r.i), int(r.i)+int(r.k), t.wsaved[at:at+int(r.iv.Hi)]...)
		t.wsaved = t.wsaved[:at]
	}
	t.wlog = t.wlog[:mark]
}

// wideIntervals appends the domain of x to dst as maximal intervals.
func (t *store) wideIntervals(dst []Interval, x int32) []Interval {
	return t.wideOf(x).intervals(dst)
}

// intervals appends the domain d to dst as maximal intervals.
func (d *wideDom) intervals(dst []Interval) []Interval {
	lo := d.min
	for k := d.gapAfter(d.min); k < len(d.holes) && d.holes[k].Lo <= d.max; k++ {
		dst = append(dst, Interval{lo, d.holes[k].Lo - 1})
		lo = d.holes[k].Hi + 1
	}
	return append(dst, Interval{lo, d.max})
}

// intervals appends the domain of x to dst as maximal intervals, in
// ascending order: the number of gaps for a wide domain, a scan of the
// words for a bit set.
func (t *store) intervals(dst []Interval, x int32) []Interval {
	if t.vi[x].wide != 0 {
		return t.wideIntervals(dst, x)
	}
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if n := len(dst); n > 0 && dst[n-1].Hi == v-1 {
			dst[n-1].Hi = v
		} else {
			dst = append(dst, Interval{v, v})
		}
	}
	return dst
}

// wideState is a copy of the wide domains, for the bounded trail's
// snapshot and for tracing.
type wideState []wideDom

// copyWide returns a copy of the wide domains, reusing dst.
func (t *store) copyWide(dst wideState) wideState {
	if cap(dst) < len(t.wide) {
		dst = make(wideState, len(t.wide))
	}
	dst = dst[:len(t.wide)]
	for i := range t.wide {
		d := &t.wide[i]
		c := &dst[i]
		c.min, c.max, c.size, c.saved, c.x = d.min, d.max, d.size, d.saved, d.x
		c.holes = append(c.holes[:0], d.holes...)
		c.pre = append(c.pre[:0], d.pre...)
	}
	return dst
}

// setWide makes the wide domains those of c (a copyWide).
func (t *store) setWide(c wideState) {
	for i := range t.wide {
		d := &t.wide[i]
		s := &c[i]
		d.min, d.max, d.size, d.saved = s.min, s.max, s.size, s.saved
		d.holes = append(d.holes[:0], s.holes...)
		d.pre = append(d.pre[:0], s.pre...)
	}
}

// wideMidFirst is midFirst on a wide domain: the same order, in offsets
// from the initial minimum held as uint64 (c, a sum of two, reaches 2^64-4).
func (t *store) wideMidFirst(x int32, c uint64) int64 {
	lo := t.vi[x].lo
	half := c / 2
	low, okLow := t.floorValue(x, lo+int64(half))
	high, okHigh := int64(0), false
	if half+1 < t.vi[x].width {
		high, okHigh = t.ceilValue(x, lo+int64(half)+1)
	}
	return t.midPick(x, c, low, okLow, high, okHigh)
}

// wideMidNext is midNext on a wide domain.
func (t *store) wideMidNext(x int32, v int64, c uint64) (int64, bool) {
	lo := t.vi[x].lo
	o := uint64(v - lo)
	var low, high int64
	var okLow, okHigh bool
	if 2*o <= c { // the low side: its mirror c-o comes next on the high side
		low, okLow = t.prevValue(x, v)
		if a := max(c-o, o+1); a < t.vi[x].width {
			high, okHigh = t.ceilValue(x, lo+int64(a))
		}
	} else { // the high side: its mirror was tried before it
		high, okHigh = t.nextValue(x, v)
		if c >= o+1 {
			low, okLow = t.floorValue(x, lo+int64(c-o-1))
		}
	}
	if !okLow && !okHigh {
		return 0, false
	}
	return t.midPick(x, c, low, okLow, high, okHigh), true
}

// midPick returns the nearer to the center c of a value below it and one
// above it (offsets 2o <= c and 2o >= c), the lower on a tie; at least
// one is there.
func (t *store) midPick(x int32, c uint64, low int64, okLow bool, high int64, okHigh bool) int64 {
	lo := t.vi[x].lo
	if !okHigh || okLow && c-2*uint64(low-lo) <= 2*uint64(high-lo)-c {
		return low
	}
	return high
}
