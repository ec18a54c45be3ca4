// Package spell finds the name a misspelt one was probably meant to be,
// for the "did you mean" of csp's errors: lang's unknown names and
// cmd/csp's unknown flags and choices suggest with the same rule.
package spell

import "sort"

// Closest returns the candidate nearest to name within edit distance 2
// (1 for names of up to three letters, where 2 edits reach almost
// anything), or "" if none is that close. Ties go to the first in sorted
// order.
func Closest(name string, candidates []string) string {
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestD := "", 3
	limit := 2
	if len([]rune(name)) <= 3 {
		limit = 1
	}
	for _, c := range sorted {
		// d < len(name): a suggestion must keep something of the name.
		if d := editDistance(name, c); d <= limit && d < bestD && d < len([]rune(name)) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and transpositions of neighbours (mvr, mrv)
// each cost one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
