// Command gen writes random Sudoku puzzles of any box size for the csp
// benchmark (the 25 x 25 set in bench/data was made with it).
//
//	go run ./bench/gen -box 5 -count 10 -blank 0.6 -seed 1 -o bench/data/sudoku25
//
// writes PREFIX.txt (one puzzle per line, N*N characters, '1'-'9' then
// 'A'-'Z' for 10 and up, '.' for a blank) and PREFIX.grids.txt (the full
// grid each puzzle was cut from, line by line). A grid is valid by
// construction: the pattern cell(r, c) = (B*(r mod B) + r div B + c) mod N
// (N = B*B) is a Sudoku, and so is every grid obtained from it by permuting
// the rows within a band, the bands, the columns within a stack, the stacks
// and the digits, and by transposing. Then a fraction of the cells, chosen
// uniformly, is blanked. Blanking does not keep the solution unique: a
// puzzle may have other solutions, so a checker should accept any valid
// completion of the givens (the benchmark runner does).
//
// The output depends only on the flags: the same seed gives the same file.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
)

func main() {
	box := flag.Int("box", 5, "block side B; the grid is B*B x B*B")
	count := flag.Int("count", 10, "number of puzzles")
	blank := flag.Float64("blank", 0.6, "fraction of cells blanked")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output prefix (PREFIX.txt, PREFIX.grids.txt); empty: puzzles on stdout")
	flag.Parse()
	if *box < 2 || *box > 6 || *blank < 0 || *blank > 1 || *count < 0 {
		fmt.Fprintln(os.Stderr, "gen: -box must be 2..6, -blank 0..1, -count >= 0")
		os.Exit(2)
	}
	puzzles, grids := Generate(*box, *count, *blank, *seed)
	if *out == "" {
		fmt.Print(strings.Join(puzzles, "\n") + "\n")
		return
	}
	for _, f := range []struct {
		path  string
		lines []string
	}{{*out + ".txt", puzzles}, {*out + ".grids.txt", grids}} {
		if err := writeLines(f.path, f.lines); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

func writeLines(path string, lines []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, l := range lines {
		w.WriteString(l)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Generate returns count puzzles and the grids they were cut from.
func Generate(box, count int, blank float64, seed uint64) (puzzles, grids []string) {
	rng := rand.New(rand.NewPCG(seed, 0x637370)) // "csp"
	n := box * box
	for range count {
		g := grid(box, rng)
		full := encode(g, n)
		p := []byte(full)
		cells := rng.Perm(n * n)
		k := int(blank*float64(n*n) + 0.5)
		for _, c := range cells[:k] {
			p[c] = '.'
		}
		puzzles = append(puzzles, string(p))
		grids = append(grids, full)
	}
	return puzzles, grids
}

// grid returns a random valid grid, values 1..n, row by row.
func grid(box int, rng *rand.Rand) []int {
	n := box * box
	rows := shuffledLines(box, rng)
	cols := shuffledLines(box, rng)
	digits := rng.Perm(n)
	transpose := rng.IntN(2) == 1
	g := make([]int, n*n)
	for r := range n {
		for c := range n {
			pr, pc := rows[r], cols[c]
			if transpose {
				pr, pc = pc, pr
			}
			v := (box*(pr%box) + pr/box + pc) % n
			g[r*n+c] = digits[v] + 1
		}
	}
	return g
}

// shuffledLines permutes the bands and the lines within each band.
func shuffledLines(box int, rng *rand.Rand) []int {
	var order []int
	for _, b := range rng.Perm(box) {
		for _, i := range rng.Perm(box) {
			order = append(order, b*box+i)
		}
	}
	return order
}

func encode(g []int, n int) string {
	var sb strings.Builder
	for _, v := range g {
		if v <= 9 {
			sb.WriteByte(byte('0' + v))
		} else {
			sb.WriteByte(byte('A' + v - 10))
		}
	}
	return sb.String()
}
