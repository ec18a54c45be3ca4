package searchtree

import (
	"bufio"
	"cmp"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// The HTML file is the viewer (viewer.html, viewer.css, viewer.js, kept
// as real files here and inlined) with the tree as JSON in a
// <script type="application/json"> element: one file, no network, opened
// by double-click.

//go:embed viewer.html
var viewerHTML string

//go:embed viewer.css
var viewerCSS string

//go:embed viewer.js
var viewerJS string

// DisplayBudget is how many nodes the viewer draws unfolded when the file
// opens; it folds the rest, smallest subtrees first.
const DisplayBudget = 2000

// maxShowCells bounds a board or grid the viewer draws.
const maxShowCells = 4096

// treeData is the JSON the viewer reads; field names are short because a
// large search repeats them.
type treeData struct {
	Title    string            `json:"title"`
	Settings map[string]string `json:"settings"`
	Stats    map[string]any    `json:"stats"`
	Notes    []string          `json:"notes"`
	Vars     []string          `json:"vars"`
	Cons     map[string]string `json:"cons"`
	Init     []string          `json:"init"`
	Root     []string          `json:"root"`
	Count    int               `json:"count"`
	Nodes    string            `json:"nodes"`
	Hidden   [][4]int64        `json:"hidden"`
	Fails    string            `json:"fails"`
	Doms     [][]any           `json:"doms"`
	Shows    []showData        `json:"shows"`
	Budget   int               `json:"budget"`
	Solved   bool              `json:"rootSolved"`
	Stopped  string            `json:"stopped,omitempty"`
	// Runs are the stored nodes where a run begins after a restart;
	// Restarts counts the restarts, those past the stored nodes too.
	Runs     []int32 `json:"runs,omitempty"`
	Restarts int64   `json:"restarts,omitempty"`
	// Splits lists the nodes that are halves of a split (their not-eq
	// bit is set): node index, then 2 for x <= v and 3 for x > v.
	Splits [][2]int `json:"splits,omitempty"`
	// Big lists the values beyond 2^53, which JavaScript numbers do not
	// hold exactly, as decimal strings: node index, value.
	Big [][2]any `json:"big,omitempty"`
	// Enums names the values of the variables declared in an enum: the
	// variable's index, then its enum's constants (value k is the k-th).
	Enums map[string][]string `json:"enums,omitempty"`
}

type showData struct {
	Board  bool    `json:"board"`
	Rows   int     `json:"rows"`
	Cols   int     `json:"cols"`
	RowLo  int64   `json:"rowLo"`
	BlockH int     `json:"bh"`
	BlockW int     `json:"bw"`
	Vars   []int32 `json:"vars"`   // -1: a constant or a blank
	Consts []any   `json:"consts"` // the constant, or null
}

// WriteHTML writes the interactive viewer with the tree in it.
func (r *Recorder) WriteHTML(w io.Writer, h Header) error {
	data, err := json.Marshal(r.data(h))
	if err != nil {
		return err
	}
	// The template is cut at its slots before anything goes in, so that
	// nothing put in (a model named {{DATA}}.csp) is taken for a slot.
	// json.Marshal already escapes <, > and &, so the data cannot close
	// its script element.
	b := bufio.NewWriter(w)
	rest := viewerHTML
	for _, slot := range []struct{ name, text string }{
		{"{{TITLE}}", xmlEscape(h.caption())},
		{"{{CSS}}", viewerCSS},
		{"{{DATA}}", string(data)},
		{"{{JS}}", viewerJS},
	} {
		before, after, ok := strings.Cut(rest, slot.name)
		if !ok {
			return fmt.Errorf("searchtree: the viewer's template lacks %s", slot.name) // a broken build, not bad input
		}
		b.WriteString(before)
		b.WriteString(slot.text)
		rest = after
	}
	b.WriteString(rest)
	return b.Flush()
}

// data gathers what the viewer reads.
func (r *Recorder) data(h Header) *treeData {
	m := r.prog.Model
	size, fails, sols := r.Totals()
	d := &treeData{
		Title:    h.Title,
		Settings: map[string]string{"order": h.Order, "values": h.Values, "prop": h.Prop},
		Stats: map[string]any{
			"nodes": size, "fails": fails, "solutions": sols,
			"engineNodes": h.Stats.Nodes, "propagations": h.Stats.Propagations,
			"maxDepth": h.Stats.MaxDepth, "ms": float64(h.Stats.SearchTime.Microseconds()) / 1000,
		},
		Notes:    r.notes(h),
		Vars:     make([]string, m.NumVars()),
		Cons:     map[string]string{},
		Init:     r.init,
		Root:     r.root,
		Count:    len(r.nodes),
		Nodes:    base64.StdEncoding.EncodeToString(encodeNodes(make([]byte, 0, r.bytes), r.nodes)),
		Hidden:   [][4]int64{},
		Fails:    base64.StdEncoding.EncodeToString(encodeFailures(nil, r.fails)),
		Doms:     [][]any{},
		Shows:    shows(r.prog.ShowCells()),
		Budget:   DisplayBudget,
		Solved:   r.rootSolved,
		Stopped:  h.Stopped,
		Restarts: r.restarts,
	}
	for _, i := range r.runs {
		if int(i) < len(r.nodes) {
			d.Runs = append(d.Runs, i)
		}
	}
	for x := range d.Vars {
		d.Vars[x] = m.VarName(engine.Var(x))
		if e := r.prog.EnumOf(engine.Var(x)); e != nil {
			if d.Enums == nil {
				d.Enums = map[string][]string{}
			}
			d.Enums[strconv.Itoa(x)] = e.Values
		}
	}
	for i, n := range r.nodes {
		if n.op == engine.DecideLe || n.op == engine.DecideGt {
			d.Splits = append(d.Splits, [2]int{i, int(n.op)})
		}
		if n.val > 1<<53 || n.val < -(1<<53) {
			d.Big = append(d.Big, [2]any{i, strconv.FormatInt(n.val, 10)})
		}
	}
	for i, c := range r.hidden {
		d.Hidden = append(d.Hidden, [4]int64{int64(i), c.size, c.fails, c.sols})
	}
	slices.SortFunc(d.Hidden, func(a, b [4]int64) int { return cmp.Compare(a[0], b[0]) }) // the same file each time
	for _, f := range r.fails {
		if k := strconv.Itoa(int(f.cons)); f.cons >= 0 && d.Cons[k] == "" {
			d.Cons[k] = r.prog.ConstraintText(int(f.cons))
		}
	}
	for _, dm := range r.doms {
		row := []any{dm.node}
		for _, e := range dm.entries {
			row = append(row, e.v, e.dom)
		}
		d.Doms = append(d.Doms, row)
	}
	return d
}

// notes say what the page leaves out, for its header.
func (r *Recorder) notes(h Header) []string {
	var notes []string
	if h.Stopped != "" {
		notes = append(notes, "the search stopped early ("+h.Stopped+"): the tree is what it had explored")
	}
	if r.full {
		size, _, _ := r.Totals()
		notes = append(notes, "a large search: its first "+strconv.Itoa(len(r.nodes))+" nodes are stored one by one; the "+
			strconv.FormatInt(size-int64(len(r.nodes)), 10)+" after them are counted in the folded subtrees they belong to, and cannot be opened or replayed")
	}
	if r.s == nil {
		notes = append(notes, "no domains were recorded")
	} else if len(r.doms) < len(r.nodes) {
		notes = append(notes, "domains are kept for the first "+strconv.Itoa(len(r.doms))+" nodes of the search; later nodes show their decisions only")
	}
	return notes
}

// shows are the boards and grids the viewer draws at each node; one too
// large to read is left out.
func shows(cells []lang.ShowCells) []showData {
	var out []showData
	for _, sc := range cells {
		if sc.Rows*sc.Cols > maxShowCells || sc.Rows*sc.Cols == 0 {
			continue
		}
		sd := showData{Board: sc.Board, Rows: sc.Rows, Cols: sc.Cols, RowLo: sc.RowLo, BlockH: sc.BlockH, BlockW: sc.BlockW}
		for _, c := range sc.Cells {
			sd.Vars = append(sd.Vars, int32(c.Var))
			if c.Var < 0 && !c.Blank {
				sd.Consts = append(sd.Consts, c.Value)
			} else {
				sd.Consts = append(sd.Consts, nil)
			}
		}
		out = append(out, sd)
	}
	return out
}
