package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A show format string "SEND = {S}{E}{N}{D}" is text with {expr} holes;
// {{ and }} stand for literal braces.
type segment struct {
	text string // literal text, or
	expr Expr   // an expression to print
}

func formatSegments(s *StrLit, errs *ErrorList) []segment {
	raw := s.Raw[1 : len(s.Raw)-1]
	var segs []segment
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			segs = append(segs, segment{text: unescape(text.String())})
			text.Reset()
		}
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(raw) && raw[i+1] == c:
			text.WriteByte(c)
			i++
		case c == '{':
			end := strings.IndexByte(raw[i:], '}')
			at := s.Pos // the first character inside the braces
			at.Col += 1 + utf8.RuneCountInString(raw[:i+1])
			at.Offset += 1 + i + 1
			if end < 0 {
				brace := at
				brace.Col--
				errs.Add(brace, Pos{}, "unclosed { in show format")
				return nil
			}
			flush()
			e, err := parseExprAt(s.Pos.File, []byte(raw[i+1:i+end]), at)
			if err != nil {
				if list, ok := err.(ErrorList); ok {
					*errs = append(*errs, list...)
				}
				return nil
			}
			segs = append(segs, segment{expr: e})
			i += end
		case c == '}':
			at := s.Pos
			at.Col += 1 + utf8.RuneCountInString(raw[:i])
			errs.Add(at, Pos{}, "unmatched } in show format (write }} for a brace)")
			return nil
		default:
			text.WriteByte(c)
		}
	}
	flush()
	return segs
}

func unescape(s string) string {
	if u, err := strconv.Unquote(`"` + s + `"`); err == nil {
		return u
	}
	return s
}
