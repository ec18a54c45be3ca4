package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A puzzleSet is a file of puzzles, one per line, with its answers.
type puzzleSet struct {
	name    string
	path    string
	n, r, c int      // grid size and block shape
	puzzles []string // one line each
	answers []string // line-aligned solutions, or nil
	unique  bool     // answers are the only solutions
	big     bool     // 1000 puzzles or more
	dzn     []string // MiniZinc data files, written on first use
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	return lines, sc.Err()
}

// sets lists the puzzle sets: the public ones (when the data directory is
// there) and the generated 25 x 25 ones in bench/data.
func (r *runner) sets() ([]*puzzleSet, error) {
	type spec struct {
		name, dir, answers string
		unique             bool
	}
	shared := []spec{
		{"top95", r.cfg.Data, "top95.solutions.txt", true},
		{"hardest", r.cfg.Data, "hardest.solutions.txt", true},
		{"famous", r.cfg.Data, "famous.solutions.txt", true},
		{"sudoku17_sample1000", r.cfg.Data, "sudoku17_sample1000.solutions.txt", true},
		{"sudoku17", r.cfg.Data, "sudoku17.solutions.txt", true},
		{"hexadoku16", r.cfg.Data, "hexadoku16.solutions.txt", true},
		{"hexadoku16_multi", r.cfg.Data, "", false},
	}
	local := filepath.Join(r.cfg.Root, "bench", "data")
	generated := []spec{
		{"sudoku25_b50", local, "sudoku25_b50.grids.txt", false},
		{"sudoku25_b70", local, "sudoku25_b70.grids.txt", false},
	}
	if r.cfg.Quick {
		shared = shared[2:3] // famous
		generated = nil
	}
	var sets []*puzzleSet
	missing := false
	for _, sp := range append(shared, generated...) {
		path := filepath.Join(sp.dir, sp.name+".txt")
		if !fileExists(path) {
			missing = true
			continue
		}
		lines, err := readLines(path)
		if err != nil {
			return nil, err
		}
		s := &puzzleSet{name: sp.name, path: path, puzzles: lines, unique: sp.unique, big: len(lines) >= 1000}
		if sp.answers != "" {
			if s.answers, err = readLines(filepath.Join(sp.dir, sp.answers)); err != nil {
				return nil, err
			}
			if len(s.answers) != len(s.puzzles) {
				return nil, fmt.Errorf("%s: %d puzzles but %d answers", sp.name, len(s.puzzles), len(s.answers))
			}
		}
		cells := len(lines[0])
		for s.n = 1; s.n*s.n < cells; s.n++ {
		}
		for s.r = 1; s.r*s.r < s.n; s.r++ {
		}
		s.c = s.r
		if s.n*s.n != cells || s.r*s.c != s.n {
			return nil, fmt.Errorf("%s: %d characters a line is not a square grid with square blocks", sp.name, cells)
		}
		sets = append(sets, s)
	}
	if missing {
		r.notef("some puzzle sets were not found (looked in %s and %s)", r.cfg.Data, local)
	}
	return sets, nil
}

func (r *runner) sudokuSet(s *puzzleSet) *problem {
	p := &problem{section: "Sudoku: puzzle sets, every answer checked", name: fmt.Sprintf("sudoku %s (%d)", s.name, len(s.puzzles)),
		puzzles: len(s.puzzles)}
	if !s.unique {
		p.note = "answers checked for validity (puzzles have several solutions)"
	}
	pt := r.cfg.PuzzleTimeout
	whole := r.cfg.Timeout + time.Duration(len(s.puzzles))*pt
	p.variants = r.cspVariants("set/"+s.name, r.cspExtras(false), func(extra []string) result {
		if !r.tools.cspEach {
			return result{status: "not run: csp has no --each", nodes: -1}
		}
		args := []string{"solve"}
		if s.n == 9 {
			args = append(args, "models/sudoku.csp", "--each", s.path)
		} else {
			args = append(args, "models/sudoku-nxn.csp", "-p", fmt.Sprintf("N=%d", s.n), "-p", fmt.Sprintf("R=%d", s.r),
				"-p", fmt.Sprintf("C=%d", s.c), "--each", "puzzle="+s.path)
		}
		args = append(args, "-s", "--timeout", secs(pt))
		args = append(args, extra...)
		o := execute(r.cfg.Root, whole, r.tools.csp, args...)
		res := cspResult(o)
		if o.exit == 3 && !o.timedOut {
			res.status = "" // some puzzles hit --timeout: counted below
		}
		if res.ok() || o.exit == 1 {
			res.status = ""
			s.check(&res, strings.Split(strings.TrimRight(string(o.stdout), "\n"), "\n"))
		}
		return res
	})
	if !r.cfg.Full {
		for _, v := range p.variants {
			switch {
			case !isCourse(v):
			case s.name == "hexadoku16" || s.n > 16:
				v.skip = "not run: hopeless with forward checking (-full runs it)"
			case s.name == "sudoku17":
				v.skip = "not run: 49,151 puzzles with forward checking (-full runs it)"
			}
		}
	}
	if r.tools.minizinc != "" {
		for _, m := range gecodeModels {
			v := &variant{solver: "gecode", name: m.name, family: "set/gecode/" + m.name}
			if s.big {
				v.reps = r.cfg.BigReps
			}
			if s.name == "sudoku17" && !r.cfg.Full {
				v.skip = "not run: one MiniZinc call per puzzle, about 2 h (-full runs it)"
			}
			model := filepath.Join(r.tools.mznDir, "sudoku_"+m.name+".mzn")
			v.run = func() result { return r.gecodeSet(s, model) }
			p.variants = append(p.variants, v)
		}
	}
	p.variants = append(p.variants, r.tdokuVariants(s, whole)...)
	if r.tools.sudoku != "" {
		for _, b := range []struct{ name, flag string }{{"plain", ""}, {"unit rule", "-u"}} {
			v := &variant{solver: "baseline", name: b.name, family: "set/base/" + b.name}
			if s.name == "sudoku17" && b.flag == "" && !r.cfg.Full {
				v.skip = "not run: about 8 min (-full runs it)"
			}
			args := []string{"-t", strconv.FormatFloat(pt.Seconds(), 'f', -1, 64)}
			if b.flag != "" {
				args = append(args, b.flag)
			}
			if s.r != s.c || s.r*s.r != s.n {
				args = append(args, "-b", fmt.Sprintf("%dx%d", s.r, s.c))
			}
			args = append(args, s.path)
			v.run = func() result {
				o := execute(r.cfg.Root, whole, r.tools.sudoku, args...)
				res := baseResult(o)
				if res.ok() {
					s.check(&res, strings.Split(strings.TrimRight(string(o.stdout), "\n"), "\n"))
				}
				return res
			}
			p.variants = append(p.variants, v)
		}
	}
	return p
}

// gecodeSet solves every puzzle of s with one MiniZinc call each; times,
// nodes and answers add up.
func (r *runner) gecodeSet(s *puzzleSet, model string) result {
	if err := s.writeDzn(r.tmp); err != nil {
		return result{status: "error: " + err.Error(), nodes: -1}
	}
	total := result{hasSolve: true}
	answers := make([]string, len(s.puzzles))
	for i, dzn := range s.dzn {
		res, o := r.minizinc(r.cfg.PuzzleTimeout, model, dzn)
		total.wall += res.wall
		total.cpu += res.cpu
		total.solve += res.solve
		total.nodes += max(res.nodes, 0)
		total.rssKB = max(total.rssKB, res.rssKB)
		switch {
		case res.status == "timeout":
			answers[i] = "timeout"
		case !res.ok():
			answers[i] = res.status
		case strings.Contains(string(o.stdout), "=====UNSATISFIABLE====="):
			answers[i] = "no solution"
		default:
			answers[i] = mznOutput(o.stdout)
		}
	}
	s.check(&total, answers)
	return total
}

func (s *puzzleSet) writeDzn(tmp string) error {
	if s.dzn != nil {
		return nil
	}
	dir := filepath.Join(tmp, "dzn", s.name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, p := range s.puzzles {
		var b strings.Builder
		fmt.Fprintf(&b, "N = %d;\nR = %d;\nC = %d;\npuzzle = [|", s.n, s.r, s.c)
		for row := 0; row < s.n; row++ {
			if row > 0 {
				b.WriteString("|")
			}
			for col := 0; col < s.n; col++ {
				if col > 0 {
					b.WriteString(",")
				}
				b.WriteString(strconv.Itoa(glyphValue(p[row*s.n+col])))
			}
		}
		b.WriteString("|];\n")
		path := filepath.Join(dir, fmt.Sprintf("%05d.dzn", i+1))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			return err
		}
		s.dzn = append(s.dzn, path)
	}
	return nil
}

// glyphValue reads one cell: 1-9, A-Z for 10-35, anything else blank (0).
func glyphValue(ch byte) int {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	}
	return 0
}

// check compares the answers, line by line, with the set's solutions (or,
// when the puzzles have several solutions, checks that each is one), and
// records what it found in res.
func (s *puzzleSet) check(res *result, answers []string) {
	if len(answers) != len(s.puzzles) {
		res.wrong = append(res.wrong, fmt.Sprintf("%d answer lines for %d puzzles", len(answers), len(s.puzzles)))
	}
	wrong := 0
	for i, p := range s.puzzles {
		if i >= len(answers) {
			break
		}
		a := strings.TrimSpace(answers[i])
		var msg string
		switch {
		case strings.HasPrefix(a, "timeout"):
			res.timeouts++
			continue
		case len(a) != len(p):
			msg = fmt.Sprintf("line %d: answered %q", i+1, trim(a, 60))
		case s.answers != nil && a == s.answers[i]:
			res.solved++
			continue
		case !s.valid(p, a):
			msg = fmt.Sprintf("line %d: answer is not a solution: %s", i+1, a)
		case s.unique:
			msg = fmt.Sprintf("line %d: a valid grid but not the unique solution of the solutions file: %s", i+1, a)
		default:
			res.solved++
			continue
		}
		wrong++
		if wrong <= 10 {
			res.wrong = append(res.wrong, msg)
		}
	}
	if wrong > 10 {
		res.wrong = append(res.wrong, fmt.Sprintf("... %d wrong answers in all", wrong))
	}
	res.detail = fmt.Sprintf("%d/%d solved and checked", res.solved, len(s.puzzles))
	switch {
	case len(res.wrong) > 0:
		res.status = fmt.Sprintf("WRONG: %d answers", max(wrong, 1))
	case res.timeouts > 0:
		res.status = fmt.Sprintf("timeout: %d of %d puzzles", res.timeouts, len(s.puzzles))
	}
}

// valid tells whether grid a completes puzzle p: givens kept, every row,
// column and block holding 1..n once.
func (s *puzzleSet) valid(p, a string) bool {
	n := s.n
	v := make([]int, n*n)
	for i := range v {
		v[i] = glyphValue(a[i])
		if v[i] < 1 || v[i] > n {
			return false
		}
		if g := glyphValue(p[i]); g != 0 && g != v[i] {
			return false
		}
	}
	for u := 0; u < n; u++ {
		var row, col, box uint64
		for k := 0; k < n; k++ {
			br, bc := (u/(n/s.c))*s.r+k/s.c, (u%(n/s.c))*s.c+k%s.c
			row |= 1 << v[u*n+k]
			col |= 1 << v[k*n+u]
			box |= 1 << v[br*n+bc]
		}
		full := uint64(1)<<(n+1) - 2
		if row != full || col != full || box != full {
			return false
		}
	}
	return true
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
