package searchview

import (
	"bufio"
	"os"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/engine"
)

// --tree and :tree: the search recorded by package searchtree, written as
// an interactive HTML page, an SVG picture or Graphviz input, by the
// file's extension.

// treeSuffixes are the file name endings --tree and :tree accept.
var treeSuffixes = []string{".html", ".svg", ".dot"}

// TreeFileOK reports whether path ends in one of treeSuffixes.
func TreeFileOK(path string) bool {
	for _, s := range treeSuffixes {
		if strings.HasSuffix(path, s) {
			return true
		}
	}
	return false
}

// TreeHeader describes a search for the picture.
func TreeHeader(title string, order engine.VarOrder, values engine.ValueOrder, prop engine.PropLevel, st engine.Stats, stopped string) searchtree.Header {
	return searchtree.Header{Title: title, Order: searchopt.NameOf(searchopt.Orders, order), Values: searchopt.NameOf(searchopt.ValueOrders, values), Prop: searchopt.NameOf(searchopt.PropLevels, prop), Stats: st, Stopped: stopped}
}

// WriteTree renders the tree into path, as HTML, SVG or DOT by its
// extension.
func WriteTree(t *searchtree.Recorder, h searchtree.Header, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	switch {
	case strings.HasSuffix(path, ".dot"):
		err = t.WriteDOT(w, h)
	case strings.HasSuffix(path, ".html"):
		err = t.WriteHTML(w, h)
	default:
		err = t.WriteSVG(w, h)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
