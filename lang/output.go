package lang

import (
	"io"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// What a show statement prints, evaluated as far as it can be while
// lowering; the rest is read off each solution.
type showItem struct {
	kind   showKind
	label  string   // "q" in "q = [2 4 1 3]"
	val    value    // showValue, showBoard, showGrid
	segs   []fmtSeg // showFormat
	br, bc int64    // showGrid: a rule every br rows and bc columns
	rows   interval // showBoard: the values the list can take, one row each
	enum   *Enum    // showValue: the enum of the values, printed by name
}

type showKind uint8

const (
	showValue showKind = iota
	showBoard
	showGrid
	showFormat
)

type fmtSeg struct {
	text string
	val  value
	enum *Enum // the enum of val's values, printed by name
}

func (l *lowerer) show(s *ShowStmt) {
	for _, e := range s.Items {
		if item, ok := l.showItem(e); ok {
			l.prog.show = append(l.prog.show, item)
		}
	}
}

func (l *lowerer) showItem(e Expr) (showItem, bool) {
	switch e := e.(type) {
	case *StrLit:
		item := showItem{kind: showFormat}
		var errs ErrorList
		for _, seg := range formatSegments(e, &errs) {
			if seg.expr == nil {
				item.segs = append(item.segs, fmtSeg{text: seg.text})
				continue
			}
			v, handled := l.stringShow(seg.expr)
			if !handled {
				v = l.eval(seg.expr)
			}
			if v == nil {
				return item, false
			}
			item.segs = append(item.segs, fmtSeg{val: v, enum: l.enumOf(seg.expr)})
		}
		return item, len(errs) == 0
	case *Call:
		switch e.Fun.Name {
		case "board":
			return l.boardItem(e)
		case "grid":
			return l.gridItem(e)
		}
	}
	v, handled := l.stringShow(e)
	if !handled {
		v = l.eval(e)
	}
	if v == nil {
		return showItem{}, false
	}
	return showItem{kind: showValue, label: l.text(e), val: v, enum: l.enumOf(e)}, true
}

func (l *lowerer) boardItem(c *Call) (showItem, bool) {
	v := l.eval(c.Args[0])
	a, ok := v.(*arrV)
	if v != nil && (!ok || len(a.dims) != 1) {
		l.errorf(c.Args[0], "board needs a list (the row of the queen in each column), found %s", describe(v))
		return showItem{}, false
	}
	if v == nil {
		return showItem{}, false
	}
	// Under ValuesOnly the text is capped where it is written (the JSON
	// solution line's shown), so the board may be of any size.
	rows, ok := boardRows(a)
	if !ok || !l.valuesOnly && a.dims[0].size() > 0 && rows.size() > maxBoardCells/a.dims[0].size() {
		l.errorf(c.Args[0], "board(%s) would draw %s rows of %d columns, more than the %d squares csp draws",
			l.text(c.Args[0]), rowCount(rows, ok), a.dims[0].size(), maxBoardCells)
		return showItem{}, false
	}
	return showItem{kind: showBoard, val: v, rows: rows}, true
}

// maxBoardCells bounds the squares of a board: 10000 queens draw 10^8.
const maxBoardCells = 100_000_000

// boardRows is the range of values the elements of a list can take: a
// board has a row for each (the columns are its index set).
func boardRows(a *arrV) (interval, bool) {
	rows := interval{1, 0}
	for _, e := range a.elems {
		var lo, hi int64
		switch e := e.(type) {
		case intV:
			lo, hi = int64(e), int64(e)
		case exprV:
			lo, hi = e.e.Bounds()
		default:
			continue
		}
		if rows.size() == 0 {
			rows = interval{lo, hi}
		}
		rows = interval{min(rows.lo, lo), max(rows.hi, hi)}
	}
	span := rows.hi - rows.lo // may wrap for a span past 2^63
	return rows, rows.size() == 0 || span >= 0 && span < maxBoardCells
}

func rowCount(rows interval, ok bool) string {
	if !ok {
		return "more than " + itoa(maxBoardCells)
	}
	return itoa(rows.size())
}

func (l *lowerer) gridItem(c *Call) (showItem, bool) {
	v := l.eval(c.Args[0])
	if v == nil {
		return showItem{}, false
	}
	if a, ok := v.(*arrV); !ok || len(a.dims) != 2 {
		l.errorf(c.Args[0], "grid needs a matrix, found %s", describe(v))
		return showItem{}, false
	}
	item := showItem{kind: showGrid, val: v}
	if len(c.Args) == 2 {
		l.errorf(c, "grid takes a matrix alone, or a matrix with the block height and width: grid(m, 3, 3)")
		return item, false
	}
	if len(c.Args) == 3 {
		for i, p := range []*int64{&item.br, &item.bc} {
			k, ok := l.constValue(c.Args[i+1], "a block size").(intV)
			if !ok || k < 1 {
				l.errorf(c.Args[i+1], "a block size must be a positive constant")
				return item, false
			}
			*p = int64(k)
		}
	}
	return item, true
}

// Solution gives the value of each engine variable in a solution.
type Solution func(engine.Var) int64

// Format returns the text of a solution: the show statements, or every
// decision variable in declaration order when there are none.
func (p *Program) Format(sol Solution) string {
	var b strings.Builder
	p.WriteSolution(&b, sol)
	return b.String()
}

// TextWriter is where WriteSolution writes: a strings.Builder or a
// bufio.Writer. Writing straight to the output keeps a large board (the
// 200 MB of 10000-queens) from being held in memory as one string.
type TextWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// WriteSolution writes the text Format returns to b.
func (p *Program) WriteSolution(b TextWriter, sol Solution) {
	if len(p.show) == 0 {
		for _, d := range p.Decls {
			writeNamed(b, d.Name, declValue(d, sol))
		}
		return
	}
	for _, item := range p.show {
		switch item.kind {
		case showValue:
			writeNamed(b, item.label, named(concrete(item.val, sol), item.enum))
		case showBoard:
			writeBoard(b, concrete(item.val, sol).(*arrV), item.rows)
		case showGrid:
			writeGrid(b, concrete(item.val, sol).(*arrV), item.br, item.bc)
		case showFormat:
			for _, s := range item.segs {
				if s.val == nil {
					b.WriteString(s.text)
				} else {
					b.WriteString(inline(named(concrete(s.val, sol), s.enum)))
				}
			}
			b.WriteByte('\n')
		}
	}
}

// declValue reads a declared variable or array off a solution.
func declValue(d *VarInfo, sol Solution) value {
	if len(d.Dims) == 0 {
		return named(intV(sol(d.Vars[0])), d.Enum)
	}
	a := &arrV{}
	for _, r := range d.Dims {
		a.dims = append(a.dims, interval{r.Lo, r.Hi})
	}
	for _, v := range d.Vars {
		a.elems = append(a.elems, intV(sol(v)))
	}
	return named(a, d.Enum)
}

// undefinedV is an expression with no value in a solution (x / 0).
type undefinedV struct{}

func (undefinedV) kind() string { return "undefined" }

// concrete replaces every expression in v by its value in the solution.
func concrete(v value, sol Solution) value {
	switch v := v.(type) {
	case exprV:
		if r, ok := engine.Eval(v.e, sol); ok {
			return intV(r)
		}
		return undefinedV{}
	case *arrV:
		out := &arrV{dims: v.dims, elems: make([]value, len(v.elems))}
		for i, e := range v.elems {
			out.elems[i] = concrete(e, sol)
		}
		return out
	case strAtV:
		if i, ok := concrete(v.idx, sol).(intV); ok {
			return v.at(int64(i))
		}
		return undefinedV{}
	}
	return v
}

func writeNamed(b TextWriter, name string, v value) {
	a, ok := v.(*arrV)
	if !ok || len(a.dims) == 1 {
		b.WriteString(name + " = " + inline(v) + "\n")
		return
	}
	b.WriteString(name + " = [\n")
	for _, row := range rows(a) {
		b.WriteString("  " + strings.Join(row, " ") + "\n")
	}
	b.WriteString("]\n")
}

// inline prints a value on one line: 3, [2 4 1 3], [1 2; 3 4], {1, 3}.
func inline(v value) string {
	switch v := v.(type) {
	case intV:
		return itoa(int64(v))
	case nameV:
		return v.e.Label(v.n)
	case strV:
		return string(v)
	case strsV:
		return inlineStrings(v)
	case blankV:
		return "."
	case undefinedV:
		return "undefined"
	case setV:
		var parts []string
		for _, iv := range v {
			if iv.lo == iv.hi {
				parts = append(parts, itoa(iv.lo))
			} else {
				parts = append(parts, itoa(iv.lo)+".."+itoa(iv.hi))
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *arrV:
		if len(v.dims) == 1 {
			parts := make([]string, len(v.elems))
			for i, e := range v.elems {
				parts[i] = inline(e)
			}
			return "[" + strings.Join(parts, " ") + "]"
		}
		var rs []string
		for _, r := range rows(v) {
			rs = append(rs, strings.Join(r, " "))
		}
		return "[" + strings.Join(rs, "; ") + "]"
	}
	return "?"
}

// rows formats a matrix as rows of right-aligned cells.
func rows(a *arrV) [][]string {
	width := 1
	cells := make([]string, len(a.elems))
	for i, e := range a.elems {
		cells[i] = inline(e)
		width = max(width, len(cells[i]))
	}
	ncols := int(a.dims[len(a.dims)-1].size())
	var out [][]string
	for start := 0; start < len(cells) && ncols > 0; start += ncols {
		row := make([]string, ncols)
		for j := range row {
			row[j] = pad(cells[start+j], width)
		}
		out = append(out, row)
	}
	return out
}

func pad(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return strings.Repeat(" ", width-len(s)) + s
}

// writeBoard draws a chess board: Q where row q[c] meets column c. The
// columns are the list's elements; the rows the values they can take,
// the least at the top.
func writeBoard(b TextWriter, q *arrV, rows interval) {
	n, nr := int(q.dims[0].size()), int(rows.size())
	if sb, ok := b.(*strings.Builder); ok {
		sb.Grow(2 * n * nr) // one allocation, not a doubling series, for a large board
	}
	for r := 0; r < nr; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			if v, ok := q.elems[c].(intV); ok && int64(v) == rows.lo+int64(r) {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
}

// writeGrid draws a matrix with a rule every br rows and bc columns.
func writeGrid(b TextWriter, a *arrV, br, bc int64) {
	var lines []string
	var rule string
	for i, row := range rows(a) {
		var blocks []string
		for start := 0; start < len(row); {
			end := len(row)
			if bc > 0 {
				end = min(start+int(bc), len(row))
			}
			blocks = append(blocks, strings.Join(row[start:end], " "))
			start = end
		}
		if rule == "" {
			parts := make([]string, len(blocks))
			for k, blk := range blocks {
				parts[k] = strings.Repeat("-", len(blk))
			}
			rule = strings.Join(parts, "-+-")
		}
		if br > 0 && i > 0 && int64(i)%br == 0 {
			lines = append(lines, rule)
		}
		lines = append(lines, strings.Join(blocks, " | "))
	}
	for _, line := range lines {
		b.WriteString(line + "\n")
	}
}

// JSON returns a solution as one JSON object: every decision variable by
// name, arrays as nested arrays, in declaration order.
func (p *Program) JSON(sol Solution) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, d := range p.Decls {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(d.Name) + ":")
		writeJSON(&b, declValue(d, sol))
	}
	b.WriteByte('}')
	return b.String()
}

func writeJSON(b *strings.Builder, v value) {
	a, ok := v.(*arrV)
	if !ok {
		b.WriteString(jsonScalar(v))
		return
	}
	writeJSONDims(b, a.elems, a.dims)
}

func writeJSONDims(b *strings.Builder, elems []value, dims []interval) {
	b.WriteByte('[')
	if len(dims) == 1 {
		for i, e := range elems {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(jsonScalar(e))
		}
	} else {
		n := int(dims[0].size())
		step := 0
		if n > 0 {
			step = len(elems) / n
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONDims(b, elems[i*step:(i+1)*step], dims[1:])
		}
	}
	b.WriteByte(']')
}

// jsonScalar is a number, or an enum's value as a string: "Japanese".
func jsonScalar(v value) string {
	if n, ok := v.(nameV); ok {
		return strconv.Quote(n.e.Label(n.n))
	}
	return inline(v)
}
