package engine

import (
	"math"
	"math/bits"
)

// Checked 64-bit arithmetic. Each function returns ok=false instead of a
// wrapped result; Div and Mod also return ok=false for a zero divisor.

// AddInt returns a+b, and false if it overflows.
func AddInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// SubInt returns a-b, and false if it overflows.
func SubInt(a, b int64) (int64, bool) {
	d := a - b
	return d, (d < a) == (b > 0)
}

// MulInt returns a*b, and false if it overflows.
func MulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

// DivInt returns a/b truncated toward zero, and false for b = 0 or an
// overflow (MinInt64 / -1).
func DivInt(a, b int64) (int64, bool) {
	if b == 0 || (a == math.MinInt64 && b == -1) {
		return 0, false
	}
	return a / b, true
}

// ModInt returns a%b with the sign of a, and false for b = 0.
func ModInt(a, b int64) (int64, bool) {
	if b == 0 {
		return 0, false
	}
	if b == -1 {
		return 0, true
	}
	return a % b, true
}

// NegInt returns -a, and false for MinInt64.
func NegInt(a int64) (int64, bool) { return -a, a != math.MinInt64 }

// AbsInt returns |a|, and false for MinInt64.
func AbsInt(a int64) (int64, bool) {
	if a < 0 {
		return NegInt(a)
	}
	return a, true
}

// PowInt returns a**b, and false for b < 0 or an overflow.
func PowInt(a, b int64) (int64, bool) {
	if b < 0 {
		return 0, false
	}
	r := int64(1)
	for ; b > 0; b-- {
		var ok bool
		if r, ok = MulInt(r, a); !ok {
			return 0, false
		}
		if r == 0 || r == 1 {
			if r == 1 && a == -1 && b%2 == 0 {
				return -1, true
			}
			return r, true
		}
	}
	return r, true
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // also right for MinInt64: 1<<63
	}
	return uint64(a)
}

func negBounds(lo, hi int64) (int64, int64, error) {
	nlo, ok1 := NegInt(hi)
	nhi, ok2 := NegInt(lo)
	if !ok1 || !ok2 {
		return 0, 0, &OverflowError{Op: "-"}
	}
	return nlo, nhi, nil
}

func absBounds(lo, hi int64) (int64, int64, error) {
	switch {
	case lo >= 0:
		return lo, hi, nil
	case hi <= 0:
		return negBounds(lo, hi)
	}
	m, ok := NegInt(lo)
	if !ok {
		return 0, 0, &OverflowError{Op: "abs"}
	}
	return 0, max(m, hi), nil
}

func addBounds(alo, ahi, blo, bhi int64) (int64, int64, error) {
	lo, ok1 := AddInt(alo, blo)
	hi, ok2 := AddInt(ahi, bhi)
	if !ok1 || !ok2 {
		return 0, 0, &OverflowError{Op: "+"}
	}
	return lo, hi, nil
}

func mulBounds(alo, ahi, blo, bhi int64) (int64, int64, error) {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, a := range [2]int64{alo, ahi} {
		for _, b := range [2]int64{blo, bhi} {
			p, ok := MulInt(a, b)
			if !ok {
				return 0, 0, &OverflowError{Op: "*"}
			}
			lo, hi = min(lo, p), max(hi, p)
		}
	}
	return lo, hi, nil
}

// divBounds: truncated division is monotone in the dividend for a fixed
// divisor and monotone in the divisor within each sign, so the extremes lie
// at the dividend's ends and at the divisor's ends or ±1.
func divBounds(alo, ahi, blo, bhi int64) (int64, int64, error) {
	var divisors []int64
	for _, d := range [4]int64{blo, bhi, -1, 1} {
		if d != 0 && d >= blo && d <= bhi {
			divisors = append(divisors, d)
		}
	}
	if len(divisors) == 0 {
		return 0, 0, ErrUndefinedAlways
	}
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, a := range [2]int64{alo, ahi} {
		for _, d := range divisors {
			q, ok := DivInt(a, d)
			if !ok {
				return 0, 0, &OverflowError{Op: "/"}
			}
			lo, hi = min(lo, q), max(hi, q)
		}
	}
	return lo, hi, nil
}

func modBounds(alo, ahi, blo, bhi int64) (int64, int64, error) {
	if blo == 0 && bhi == 0 {
		return 0, 0, ErrUndefinedAlways
	}
	m := max(absU(blo), absU(bhi)) - 1 // largest possible |remainder|
	lo, hi := int64(0), int64(0)
	if alo < 0 {
		lo = -int64(min(absU(alo), m))
	}
	if ahi > 0 {
		hi = int64(min(uint64(ahi), m))
	}
	return lo, hi, nil
}
