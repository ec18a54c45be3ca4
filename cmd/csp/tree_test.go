package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svgNode is a node of a drawn tree, read back from the SVG: its label
// and its mark (the shape drawn under the label).
type svgNode struct{ label, mark string }

// readTreeSVG parses an SVG written by --tree, checking that it is
// well-formed XML, and returns its nodes in drawing order (depth first).
func readTreeSVG(t *testing.T, path string) []svgNode {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	var nodes []svgNode
	mark, inText := "", false
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return nodes
			}
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			fill := ""
			for _, a := range e.Attr {
				if a.Name.Local == "fill" {
					fill = a.Value
				}
			}
			switch {
			case e.Name.Local == "circle" && fill == "#4a7bd0":
				mark = "inner"
			case e.Name.Local == "rect" && fill == "#d33":
				mark = "dead end"
			case e.Name.Local == "circle" && fill == "#2a2":
				mark = "solution"
			}
			inText = e.Name.Local == "text"
		case xml.CharData:
			if inText && mark != "" && strings.Contains(string(e), "=") {
				nodes = append(nodes, svgNode{string(e), mark})
				mark = ""
			}
		case xml.EndElement:
			inText = false
		}
	}
}

// The course's 4-queens tree in input order with forward checking:
// 1 → 1 3 (dead end) → 1 4 → 1 4 2 (dead end) → 2 → 2 4 → 2 4 1 →
// 2 4 1 3 (solution).
func TestTreeQueens4(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q4.svg")
	out := runCLI("solve", "models/queens.csp", "-p", "n=4", "--order", "input", "--values", "min", "--prop", "fc", "--tree", path)
	if !strings.Contains(out, "--- exit 0") {
		t.Fatalf("solve failed:\n%s", out)
	}
	got := readTreeSVG(t, path)
	want := []svgNode{
		{"q[1]=1", "inner"}, {"q[2]=3", "dead end"}, {"q[2]=4", "inner"}, {"q[3]=2", "dead end"},
		{"q[1]=2", "inner"}, {"q[2]=4", "inner"}, {"q[3]=1", "inner"}, {"q[4]=3", "solution"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("tree nodes\n%v\nwant\n%v", got, want)
	}
	svg, _ := os.ReadFile(path)
	for _, s := range []string{"8 nodes, depth 4, 2 dead ends, 1 solution", "dead end", "solution", "queens.csp (n=4): order input, values min, prop fc"} {
		if !strings.Contains(string(svg), s) {
			t.Errorf("the picture lacks %q", s)
		}
	}
}

// A tree too large for a slide is summarised: collapsed subtrees, a
// caption that says so, and still well-formed.
func TestTreeSummarised(t *testing.T) {
	dir := t.TempDir()
	svg, dot := filepath.Join(dir, "q8.svg"), filepath.Join(dir, "q8.dot")
	for _, p := range []string{svg, dot} {
		out := runCLI("solve", "models/queens.csp", "--order", "input", "--values", "min", "--prop", "none", "--all", "--tree", p)
		if !strings.Contains(out, "--- exit 0") {
			t.Fatalf("solve failed:\n%s", out)
		}
	}
	readTreeSVG(t, svg)
	text, _ := os.ReadFile(svg)
	if !strings.Contains(string(text), "deeper subtrees collapsed") || !strings.Contains(string(text), "92 solutions") {
		t.Errorf("the summarised picture lacks its caption:\n%.300s", text)
	}
	d, _ := os.ReadFile(dot)
	if !strings.HasPrefix(string(d), "digraph search {") || !strings.Contains(string(d), "shape=triangle") {
		t.Errorf("the DOT file is not a summarised digraph:\n%.300s", d)
	}
}

// svgLines returns the <line> elements of an SVG as x1, y1, x2, y2.
func svgLines(t *testing.T, svg []byte) [][4]float64 {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var lines [][4]float64
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return lines
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok || e.Name.Local != "line" {
			continue
		}
		var l [4]float64
		for _, a := range e.Attr {
			if k := slices.Index([]string{"x1", "y1", "x2", "y2"}, a.Name.Local); k >= 0 {
				if l[k], err = strconv.ParseFloat(a.Value, 64); err != nil {
					t.Fatalf("line %v: %v", e.Attr, err)
				}
			}
		}
		lines = append(lines, l)
	}
}

var shownCaption = regexp.MustCompile(`; (\d+) shown, deeper subtrees collapsed`)

// A summarised picture writes only what it draws: one edge into each drawn
// node (from its parent or the root), none of zero length for the nodes
// hidden under collapsed ones. 8 queens with --prop none records 15,720
// nodes and draws 72; the file used to hold 15,384 lines, 15,312 of them
// empty, in 917 KB.
func TestTreeWritesOnlyDrawn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q8.svg")
	out := runCLI("solve", "models/queens.csp", "-a", "--prop", "none", "--tree", path)
	if !strings.Contains(out, "--- exit 0") {
		t.Fatalf("solve failed:\n%s", out)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(svg) >= 300_000 {
		t.Errorf("the SVG is %d bytes, want under 300 KB", len(svg))
	}
	m := shownCaption.FindSubmatch(svg)
	if m == nil {
		t.Fatalf("the picture is not summarised:\n%.300s", svg)
	}
	shown, _ := strconv.Atoi(string(m[1]))
	lines := svgLines(t, svg)
	empty := 0
	for _, l := range lines {
		if l[0] == l[2] && l[1] == l[3] {
			empty++
		}
	}
	if empty > 0 {
		t.Errorf("%d of %d lines have zero length", empty, len(lines))
	}
	if len(lines) != shown {
		t.Errorf("%d lines for %d drawn nodes, want one edge into each", len(lines), shown)
	}
	// Each drawn node has one label, with a white halo.
	if labels := bytes.Count(svg, []byte(`stroke="white" stroke-width="3"`)); labels != shown {
		t.Errorf("%d node labels, caption says %d shown", labels, shown)
	}
}

// 12 queens --count records 170,550 nodes and draws 254; the picture used
// to take 10 MB, nearly all of it 170,044 empty lines.
func TestTreeQueens12Size(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q12.svg")
	out := runCLI("solve", "models/queens.csp", "-p", "n=12", "--count", "--tree", path)
	if !strings.Contains(out, "--- exit 0") || !strings.Contains(out, "14200") {
		t.Fatalf("solve failed:\n%s", out)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(svg) >= 1_000_000 {
		t.Errorf("the SVG is %d bytes, want under 1 MB", len(svg))
	}
	if !strings.Contains(string(svg), "14200 solutions") {
		t.Errorf("the caption lacks the 14200 solutions:\n%.300s", svg[max(0, len(svg)-300):])
	}
}

// BenchmarkTreeQueens12Count solves 12 queens --count with --tree: the
// search, its recording and the picture.
func BenchmarkTreeQueens12Count(b *testing.B) {
	path := filepath.Join(b.TempDir(), "q12.svg")
	for range b.N {
		out := runCLI("solve", "models/queens.csp", "-p", "n=12", "--count", "--tree", path)
		if !strings.Contains(out, "--- exit 0") {
			b.Fatalf("solve failed:\n%s", out)
		}
	}
}

// --tree FILE.html writes one self-contained page: the viewer, its data,
// nothing loaded from elsewhere (the REPL's :tree FILE.html: internal/repl).
func TestTreeHTML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "q8.html")
	out := runCLI("solve", "models/queens.csp", "--order", "input", "--values", "min", "--prop", "fc", "-a", "--tree", path)
	if !strings.Contains(out, "--- exit 0") {
		t.Fatalf("solve failed:\n%s", out)
	}
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!DOCTYPE html>", `<script type="application/json" id="tree-data">{"title":"queens.csp"`, `"settings":{"order":"input","prop":"fc","values":"min"}`, `"solutions":92`, "function foldByBudget"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if m := regexp.MustCompile(`(?i)(src|href)=["']?(https?:)?//`).Find(page); m != nil {
		t.Errorf("the page loads something from the network: %s", m)
	}
}
