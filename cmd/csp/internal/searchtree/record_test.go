package searchtree

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// compile compiles a model's text.
func compile(t testing.TB, src string, params ...string) *lang.Program {
	t.Helper()
	p, err := lang.Compile(lang.Input{Model: lang.Source{Name: "model.csp", Text: []byte(src)}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// queens compiles the shipped queens model for n.
func queens(t testing.TB, n int) *lang.Program {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "models", "queens.csp"))
	if err != nil {
		t.Fatal(err)
	}
	return compile(t, string(src), fmt.Sprintf("n=%d", n))
}

// solve runs a whole search of prog under the settings, recording it.
func solve(t testing.TB, prog *lang.Program, opts engine.Options, opt Options, all bool) (*Recorder, engine.Stats) {
	t.Helper()
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := New(prog, opt)
	r.Install(s)
	for s.Next() == engine.Solution && all {
	}
	return r, s.Stats()
}

var course = engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC}

// wideTree feeds a recorder the events of a search with width choices at
// each of depth levels, every leaf a dead end but the last, a solution.
func wideTree(t testing.TB, width, depth int, opt Options) *Recorder {
	prog := compile(t, fmt.Sprintf("var x[1..%d] in 1..%d", depth, width))
	r := New(prog, opt)
	var grow func(d int, last bool)
	grow = func(d int, last bool) {
		for v := 1; v <= width; v++ {
			r.Event(engine.TraceEvent{Kind: engine.TraceNode, Depth: d, Var: engine.Var(d - 1), Value: int64(v), Eq: true, OK: true, Constraint: -1})
			switch {
			case d < depth:
				grow(d+1, last && v == width)
			case last && v == width:
				r.Event(engine.TraceEvent{Kind: engine.TraceSolution, Depth: d, Var: -1, Constraint: -1})
			default:
				r.Event(engine.TraceEvent{Kind: engine.TraceFail, Depth: d, Var: engine.Var(d - 1), Constraint: -1})
			}
		}
	}
	grow(1, true)
	return r
}

// Drawing a summarised tree leaves the recording whole: its totals are
// the same after, and a second picture is the same as the first. 4
// choices on 6 levels make 5460 nodes; the first 3 levels, 84 nodes, are
// drawn, the 64 at level 3 collapsed.
func TestDrawingKeepsTotals(t *testing.T) {
	tr := wideTree(t, 4, 6, Options{})
	size, fails, sols := tr.Totals()
	if size != 5460 || fails != 4095 || sols != 1 {
		t.Fatalf("recorded %d nodes, %d dead ends, %d solutions; want 5460, 4095, 1", size, fails, sols)
	}
	var svg1, svg2, dot bytes.Buffer
	h := Header{Title: "wide"}
	tr.WriteSVG(&svg1, h)
	if !strings.Contains(svg1.String(), "5460 nodes, depth 6, 4095 dead ends, 1 solution; 84 shown") {
		t.Errorf("caption:\n%s", svg1.String()[max(0, svg1.Len()-200):])
	}
	if s, f, so := tr.Totals(); s != size || f != fails || so != sols {
		t.Errorf("after drawing: %d nodes, %d dead ends, %d solutions; want %d, %d, %d", s, f, so, size, fails, sols)
	}
	tr.WriteDOT(&dot, h)
	tr.WriteSVG(&svg2, h)
	if svg1.String() != svg2.String() {
		t.Errorf("a second picture differs from the first")
	}
	if n := strings.Count(dot.String(), "shape=triangle"); n != 64 {
		t.Errorf("the DOT file has %d collapsed nodes, want 64", n)
	}
}

// Past the node budget the search is counted, not stored: the totals and
// the folded counts stay exact, and the SVG and the HTML say so.
func TestBudgetCountsTheRest(t *testing.T) {
	tr := wideTree(t, 4, 6, Options{MaxNodes: 100})
	if tr.Stored() != 100 {
		t.Fatalf("stored %d nodes, want 100", tr.Stored())
	}
	if s, f, so := tr.Totals(); s != 5460 || f != 4095 || so != 1 {
		t.Fatalf("totals %d, %d, %d; want 5460, 4095, 1", s, f, so)
	}
	d := tr.data(Header{})
	var hidden counts
	for _, h := range d.Hidden {
		hidden.size, hidden.fails, hidden.sols = hidden.size+h[1], hidden.fails+h[2], hidden.sols+h[3]
	}
	var stored counts
	for _, n := range tr.nodes {
		stored.add(n.kind, 1)
	}
	if got := (counts{stored.size + hidden.size, stored.fails + hidden.fails, stored.sols + hidden.sols}); got != (counts{5460, 4095, 1}) {
		t.Errorf("stored %v and counted %v add up to %v, want the whole search", stored, hidden, got)
	}
	// x[1]=1 is stored with all its 1364 nodes below but 99.
	if c := tr.subtree(0); c.size != 1364 {
		t.Errorf("the first subtree has %d nodes below its root, want 1364", c.size)
	}
	if len(d.Notes) == 0 || !strings.Contains(d.Notes[0], "first 100 nodes are stored") {
		t.Errorf("the HTML does not say the search was sampled: %q", d.Notes)
	}
	var svg bytes.Buffer
	tr.WriteSVG(&svg, Header{})
	if !strings.Contains(svg.String(), "the first 100 nodes stored, the rest counted into their subtrees") {
		t.Errorf("the SVG does not say the search was sampled:\n%s", svg.String()[max(0, svg.Len()-300):])
	}
}

func TestFormatDomain(t *testing.T) {
	for _, c := range []struct {
		in   []engine.Interval
		want string
	}{
		{nil, ""},
		{[]engine.Interval{{Lo: 5, Hi: 5}}, "5"},
		{[]engine.Interval{{Lo: 1, Hi: 3}}, "1..3"},
		{[]engine.Interval{{Lo: 1, Hi: 1}, {Lo: 3, Hi: 5}, {Lo: 9, Hi: 9}}, "1 3..5 9"},
		{[]engine.Interval{{Lo: -3, Hi: -2}, {Lo: 0, Hi: 0}}, "-3..-2 0"},
		{[]engine.Interval{{Lo: 0, Hi: 4}, {Lo: 6, Hi: 1_000_000_000_000}}, "0..4 6..1000000000000"},
	} {
		if got := formatDomain(c.in); got != c.want {
			t.Errorf("formatDomain(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The node stream decodes to what was stored, negative values and right
// branches included, and its size is what the budget counted.
func TestEncodeNodes(t *testing.T) {
	ns := []node{
		{val: 3, v: 0, depth: 1, kind: inner, eq: true},
		{val: -7, v: 200, depth: 2, kind: deadEnd, eq: false},
		{val: 1 << 40, v: 1, depth: 300, kind: solution, eq: true},
	}
	raw := encodeNodes(nil, ns)
	size := 0
	for _, n := range ns {
		size += nodeBytes(n)
	}
	if enc := base64.RawStdEncoding.EncodedLen(len(raw)); enc > size { // the padding aside
		t.Errorf("encoded in %d bytes, the budget counted %d", enc, size)
	}
	var got []node
	for len(raw) > 0 {
		var u [3]uint64
		for k := range u {
			v, n := binary.Uvarint(raw)
			u[k], raw = v, raw[n:]
		}
		val := int64(u[2]>>1) ^ -int64(u[2]&1)
		got = append(got, node{val: val, v: int32(u[1]), depth: int32(u[0] >> 3), kind: kind(u[0] >> 1 & 3), eq: u[0]&1 == 0})
	}
	if fmt.Sprint(got) != fmt.Sprint(ns) {
		t.Errorf("decoded %v, want %v", got, ns)
	}
}
