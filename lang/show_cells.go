package lang

import "github.com/csp-lang/csp/engine"

// ShowCells are the squares of a `show board(...)` or `show grid(...)`,
// for a picture of a partial assignment (the search tree's viewer shows
// the board at each node): which variable or constant each square shows.
type ShowCells struct {
	Board bool // board(q): one column per element, a queen at row q[c]; else grid(m)
	// Rows and Cols: a board's rows are RowLo.., one per value its list
	// can take; a grid's are its matrix's.
	Rows, Cols int
	RowLo      int64
	// BlockH, BlockW: a grid's rule every BlockH rows and BlockW columns (0: none).
	BlockH, BlockW int
	// Cells: a board's columns, or a grid's squares row by row. Var is -1
	// for a constant (Value) or an expression that is not a variable
	// (Blank set for a grid's blank, Value unset).
	Cells []ShowCell
}

// ShowCell is one square: a variable, or a constant.
type ShowCell struct {
	Var   engine.Var
	Value int64
	Blank bool // neither a variable nor a constant: drawn empty
}

// ShowCells returns the boards and grids the model's show statements
// draw, in order; nil when it shows neither.
func (p *Program) ShowCells() []ShowCells {
	var out []ShowCells
	for _, item := range p.show {
		a, ok := item.val.(*arrV)
		if !ok {
			continue
		}
		switch item.kind {
		case showBoard:
			out = append(out, ShowCells{Board: true, Rows: int(item.rows.size()), Cols: len(a.elems), RowLo: item.rows.lo, Cells: showCells(a)})
		case showGrid:
			out = append(out, ShowCells{Rows: int(a.dims[0].size()), Cols: int(a.dims[1].size()), BlockH: int(item.br), BlockW: int(item.bc), Cells: showCells(a)})
		}
	}
	return out
}

func showCells(a *arrV) []ShowCell {
	cells := make([]ShowCell, len(a.elems))
	for i, e := range a.elems {
		cells[i] = ShowCell{Var: -1, Blank: true}
		switch e := e.(type) {
		case intV:
			cells[i] = ShowCell{Var: -1, Value: int64(e)}
		case exprV:
			switch x := e.e.(type) {
			case *engine.VarExpr:
				cells[i] = ShowCell{Var: x.V}
			case *engine.Const:
				cells[i] = ShowCell{Var: -1, Value: x.V}
			}
		}
	}
	return cells
}
