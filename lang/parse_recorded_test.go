package lang

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// testdata/parse/recorded.txt holds what the parsers made of 2,490 inputs
// (the edges of the grammar, the code of the docs, random statements and
// mutations of them) before there was one parser: a hand-written one
// tried first, participle's layered grammar where it declined. The one
// parser must make the same, errors, positions and trees alike. A change
// of the language that changes them on purpose rewrites the file with
// go test -run TestParseRecorded -update-parse.

var updateParse = flag.Bool("update-parse", false, "rewrite testdata/parse/recorded.txt with the current parser's outputs")

const recordedPath = "testdata/parse/recorded.txt"

func TestParseRecorded(t *testing.T) {
	f, err := os.Open(recordedPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			out.WriteString(line + "\n")
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			t.Fatalf("bad line %q", line)
		}
		src, err1 := strconv.Unquote(fields[0])
		want, err2 := strconv.Unquote(fields[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		gotErr, gotTree := parseOutcome("t.csp", src)
		fmt.Fprintf(&out, "%s\t%s\t%s\n", fields[0], strconv.Quote(gotErr), gotTree)
		n++
		if gotErr != want || gotTree != fields[2] {
			bad++
			if bad <= 20 {
				t.Errorf("%q:\n got %s, tree %s\nwant %s, tree %s", src, gotErr, gotTree, want, fields[2])
			}
		}
	}
	if n < 2000 {
		t.Errorf("only %d inputs recorded", n)
	}
	if bad > 0 {
		t.Errorf("%d of %d inputs differ", bad, n)
	}
	if *updateParse {
		if err := os.WriteFile(recordedPath, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// parseOutcome is what ParseFile makes of src: its errors, or "-", and a
// fingerprint of the file it returns, or "-".
func parseOutcome(name, src string) (errs, tree string) {
	f, err := ParseFile(name, []byte(src))
	errs, tree = "-", "-"
	if err != nil {
		errs = err.Error()
	}
	if f != nil {
		var b strings.Builder
		fingerprint(&b, reflect.ValueOf(f))
		sum := sha256.Sum256([]byte(b.String()))
		tree = fmt.Sprintf("%x", sum[:8])
	}
	return errs, tree
}

// fingerprint writes every node, field and position of an AST (but the
// source text of a File).
func fingerprint(b *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fingerprint(b, v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("&" + v.Elem().Type().Name())
		fingerprint(b, v.Elem())
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			// An enum's params carry the enum (enum) for lowering: it is
			// what their EnumDecl said, not more of the tree.
			if name := v.Type().Field(i).Name; name == "Src" || name == "Warnings" || name == "enum" { // not the tree
				continue
			}
			b.WriteString(v.Type().Field(i).Name + ":")
			fingerprint(b, v.Field(i))
			b.WriteString(" ")
		}
		b.WriteString("}")
	case reflect.Slice:
		if v.IsNil() {
			b.WriteString("nil[]")
			return
		}
		b.WriteString("[")
		for i := range v.Len() {
			fingerprint(b, v.Index(i))
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	default:
		fmt.Fprint(b, v.Interface())
	}
}
