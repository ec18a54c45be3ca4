package lang

import (
	"reflect"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// The fast paths must give exactly what the grammar gives without them:
// the same AST, positions included, or the same errors.
var fastPathInputs = []struct {
	src  string
	data bool // whether readData would take what follows the first "["
}{
	{"param p = [1 2 3; 4 5 6]", true},
	{"p = [1, -2, 3; -4 . _]", true},
	{"param q = [-1 2 3]", true},
	{"param q = [. -2 _ -3]", true},
	{"param q = [1 2 3\n  4 5 6\n  . . 9]", true},
	{"param q = [\n  7 8 1  . . .\n  . . .  . 3 .\n]", true},
	{"param e = []", true},
	{"param e = [1_000 2_0 003]", true},
	{"param e = [1 2 3][2]", true},
	{"param e = [1 2 3] + [1]", true},
	{"param e = [1 2 3; 4 5 6] = [1 2 3; 4 5 6]", true},
	{"x = [1 _ 3]", true},
	{"show [1 2 3], [4 5]", true},
	{"f([1 2; 3 4], [5])", true},
	{"param e = [1 2 3] 4", true},
	{"param e = [1 2 3] [1 2]", true},
	{"param e = [1 2 3] in [1 2]", true},
	{"param e = [1, 2,3]", true},
	{"param e = [. . .]", true},
	// Near misses: the grammar reads them otherwise, or rejects them.
	{"param q = [1 -2]", false},
	{"param q = [-1 -2 3]", false},
	{"param q = [. - 3]", true},
	{"param q = [- - 1]", false},
	{"param q = [-1 ^ 2]", false},
	{"param q = [1 2 -]", false},
	{"param e = [;]", true}, // the scanner drops a separator before "]",
	{"param e = [1 2;]", true},
	{"param e = [1, 2,]", false},
	{"param e = [,1]", false},
	{"param e = [1,,2]", false},
	{"param e = [1 2 3 for i in 1..3]", false},
	{"param e = [1..3]", false},
	{"param e = [1 . . 2 .. 3]", false},
	{"param e = [1 x 3]", false},
	{"param e = [1 \"s\" 3]", false},
	{"param e = [1 {2} 3]", false},
	{"param e = [1 (2) 3]", false},
	{"param e = [[1 2] [3 4]]", false},
	{"param e = [1 2 3", false},
	{"param e = [1 2 3)", false},
	{"param e = [1 2 3 + 4]", false},
	{"param e = [1 2 3 * 4]", false},
	{"param e = [1 2 3[1]]", false},
	{"param e = [1 2 3 = 4]", false},
	// Lone numbers, taken or not by gTerm and gOperand.
	{"x = 1", false},
	{"var x in 1..9", false},
	{"var x[1..3, 1..3] in 0..9", false},
	{"f(1, 2, 3)", false},
	{"x[1, 2] = 3", true}, // an index, data-shaped,
	{"1 + 2 * 3 ^ 4 - 5 / 6 % 7 = 8", false},
	{"1 < 2 and 3 >= 4 or 5 != 6 xor 7 == 8", false},
	{"1 -> 2 <-> 3", false},
	{"1 in 1..3 union 4 diff 5", false},
	{"1 not in {1, 2}", false},
	{"if 1 then 2 else 3 end", false},
	{"forall i in 1..3 where i > 1: x[i] = 2", false},
	{"sum(x[i] for i in 1..3) = 4", false},
	{"-1 = - 2", false},
	{"x = 1 2", false},
	{"x = 1 )", false},
	{"(1, 2)", false},
	{"(1", false},
	{"x[1", false},
	{"f(1 for)", false},
	{"1 ..", false},
	{"1 = = 2", false},
	{"1 < 2 < 3", false},
	{"1..2..3", false},
	{"var x in 1..", false},
	{"param n = 3 4", false},
	{"1[2]", true},
	{"1(2)", false},
	{"show 1, 2 3", false},
}

func TestFastPathsMatchGrammar(t *testing.T) {
	for _, tt := range fastPathInputs {
		fast, fastErr := ParseFile("t.csp", []byte(tt.src))
		dataFastPath, leafFastPath = false, false
		slow, slowErr := ParseFile("t.csp", []byte(tt.src))
		dataFastPath, leafFastPath = true, true
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%q: the fast paths give\n%#v\nthe grammar\n%#v", tt.src, fast, slow)
		}
		if !reflect.DeepEqual(fastErr, slowErr) {
			t.Errorf("%q: the fast paths give error %v, the grammar %v", tt.src, fastErr, slowErr)
		}
		if got := firstLiteralIsData(tt.src); got != tt.data {
			t.Errorf("%q: readData took it: %v, want %v", tt.src, got, tt.data)
		}
	}
}

// firstLiteralIsData reports whether readData reads the literal at the
// first "[" of src.
func firstLiteralIsData(src string) bool {
	toks, _ := scan("t.csp", []byte(src), nil)
	for i, t := range toks {
		if isPunct(&t, "[") {
			lex, err := lexer.Upgrade(&tokenStream{toks: toks[i:]})
			return err == nil && readData(lex) != nil
		}
	}
	return false
}
