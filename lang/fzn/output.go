package fzn

import (
	"bufio"
	"io"
	"strconv"

	"github.com/csp-lang/csp/engine"
)

// output is a variable or array the solution prints: those annotated
// output_var or output_array([dims]).
type output struct {
	name   string
	isBool bool
	array  bool
	dims   []engine.Interval // output_array's index sets
	terms  []term
}

type pendingOutput struct {
	name  string
	array bool
	dims  []engine.Interval
	sym   *symbol
}

// outputAnnotations records the output_var and output_array annotations
// of a declaration.
func (c *compiler) outputAnnotations(d *Decl, sym *symbol) {
	array := sym.val.kind == aArray
	for _, an := range d.Anns.List {
		switch name := an.Name.Text; {
		case name == "output_var" && array, name == "output_array" && !array:
			c.errorf(toPos(an.Name.Pos), "%s is not for %s: output_var marks a variable, output_array an array", name, d.Name.Text)
		case name == "output_var":
			c.outputs = append(c.outputs, pendingOutput{name: d.Name.Text, sym: sym})
		case name == "output_array":
			dims, ok := c.outputDims(an, len(sym.val.elems))
			if ok {
				c.outputs = append(c.outputs, pendingOutput{name: d.Name.Text, array: true, dims: dims, sym: sym})
			}
		}
	}
}

// outputDims reads output_array([1..2, 1..3]): the index sets, whose
// sizes multiply to the array's length.
func (c *compiler) outputDims(an *Annotation, n int) ([]engine.Interval, bool) {
	pos := toPos(an.Name.Pos)
	if len(an.args()) != 1 || an.args()[0].Array == nil {
		c.errorf(pos, "output_array takes a list of index sets, as output_array([1..3])")
		return nil, false
	}
	var dims []engine.Interval
	cells := int64(1)
	for _, e := range an.args()[0].Array.Elems {
		a, ok := c.resolve(e, false)
		if !ok {
			return nil, false
		}
		if a.kind != aSet || len(a.set) > 1 {
			c.errorf(a.pos, "an index set of output_array is a range, as 1..3")
			return nil, false
		}
		iv := engine.Interval{Lo: 1, Hi: 0}
		if len(a.set) == 1 {
			iv = a.set[0]
		}
		dims = append(dims, iv)
		cells *= iv.Hi - iv.Lo + 1
		if cells > int64(n) && n > 0 || cells < 0 {
			break
		}
	}
	if len(dims) == 0 || cells != int64(n) {
		c.errorf(pos, "output_array's index sets have %d cells, but the array has %d elements", cells, n)
		return nil, false
	}
	return dims, true
}

func (c *compiler) finishOutputs() {
	for _, o := range c.outputs {
		v := o.sym.val
		out := output{name: o.name, isBool: v.isBool, array: o.array, dims: o.dims}
		if o.array {
			out.terms = v.elems
		} else {
			out.terms = []term{v.t}
		}
		c.prog.outputs = append(c.prog.outputs, out)
	}
}

// WriteSolution writes a solution in the FlatZinc format: one line per
// output variable or array, then the ten dashes. value gives each engine
// variable's value.
func (p *Program) WriteSolution(w io.Writer, value func(engine.Var) int64) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for _, o := range p.outputs {
		buf = append(buf[:0], o.name...)
		buf = append(buf, " = "...)
		if o.array {
			buf = appendArray(buf, o, value)
		} else {
			buf = appendValue(buf, o.terms[0], o.isBool, value)
		}
		buf = append(buf, ";\n"...)
		bw.Write(buf)
	}
	bw.WriteString("----------\n")
	return bw.Flush()
}

func appendArray(buf []byte, o output, value func(engine.Var) int64) []byte {
	buf = append(buf, "array"...)
	buf = strconv.AppendInt(buf, int64(len(o.dims)), 10)
	buf = append(buf, "d("...)
	for _, d := range o.dims {
		buf = strconv.AppendInt(buf, d.Lo, 10)
		buf = append(buf, ".."...)
		buf = strconv.AppendInt(buf, d.Hi, 10)
		buf = append(buf, ", "...)
	}
	buf = append(buf, '[')
	for i, t := range o.terms {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendValue(buf, t, o.isBool, value)
	}
	return append(buf, "])"...)
}

func appendValue(buf []byte, t term, isBool bool, value func(engine.Var) int64) []byte {
	v := t.k
	if t.v != nil {
		v = value(t.v.eng)
	}
	if isBool {
		if v != 0 {
			return append(buf, "true"...)
		}
		return append(buf, "false"...)
	}
	return strconv.AppendInt(buf, v, 10)
}
