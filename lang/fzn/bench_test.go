package fzn

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkParse parses the FlatZinc file named by $FZN_BENCH (MiniZinc
// writes the large ones: nmseq 080 of the MiniZinc benchmarks is 2.2 MB,
// 76,000 items); without it, a generated model of the same shapes.
func BenchmarkParse(b *testing.B) {
	src := benchSource(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for range b.N {
		if _, err := Parse("bench.fzn", src); err != nil {
			b.Fatal(err)
		}
	}
}

func benchSource(b *testing.B) []byte {
	if path := os.Getenv("FZN_BENCH"); path != "" {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		return src
	}
	return generatedModel(20000)
}

// generatedModel writes a FlatZinc model of n variables in the shapes
// MiniZinc writes most: declarations with annotations, parameter arrays,
// linear constraints over arrays, reified comparisons.
func generatedModel(n int) []byte {
	var b []byte
	b = append(b, "array [1..10] of int: c = [1,-1,2,-2,3,-3,4,-4,5,-5];\n"...)
	for i := range n {
		b = fmt.Appendf(b, "var 0..79: x%d_:: is_defined_var;\nvar bool: b%d_:: var_is_introduced;\n", i, i)
	}
	for i := range n {
		b = fmt.Appendf(b, "constraint int_eq_reif(x%d_,%d,b%d_):: defines_var(b%d_);\n", i, i%80, i, i)
		b = append(b, "constraint int_lin_le(c,["...)
		for j := range 10 {
			if j > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, "x%d_", (i+j)%n)
		}
		b = append(b, "],100);\n"...)
	}
	return append(b, "solve :: int_search([x0_,x1_],input_order,indomain_min,complete) satisfy;\n"...)
}
