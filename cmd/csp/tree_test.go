package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
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
