package main

import (
	"sort"
	"strings"
	"unicode"
)

// completer offers completions for the word before the cursor: commands
// after ":", settings and their values after ":set", help topics after
// ":help", otherwise keywords, builtins and the names declared so far.
type completer struct{ s *session }

var languageWords = []string{"param", "var", "in", "forall", "exists", "and", "or", "not", "xor",
	"union", "diff", "show", "minimize", "maximize", "for", "where", "if", "then", "else", "end",
	"alldiff", "diagonal", "increasing", "decreasing", "sum", "count", "min", "max", "product",
	"abs", "length", "board", "grid", "true", "false"}

var settingValues = map[string][]string{
	"order": {"input", "mrv", "domwdeg"}, "values": {"min", "max", "mid", "auto"}, "prop": {"none", "fc", "ac"},
	"timeout": {"off", "10s", "1m"},
}

var traceValues = []string{"on", "off", "domains", "piles"}

// Do implements readline.AutoCompleter.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	before := string(line[:pos])
	start := strings.LastIndexFunc(before, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == ':')
	}) + 1
	word := before[start:]
	fields := strings.Fields(before)
	var cands []string
	switch {
	case strings.HasPrefix(word, ":") && start == 0:
		for _, n := range commandNames() {
			cands = append(cands, ":"+n)
		}
	case len(fields) >= 1 && fields[0] == ":set" && (len(fields) == 1 || len(fields) == 2 && word != ""):
		cands = settingNames
	case len(fields) >= 2 && fields[0] == ":set":
		cands = settingValues[fields[1]]
	case len(fields) >= 1 && fields[0] == ":trace" && (len(fields) == 1 || len(fields) == 2 && word != ""):
		cands = traceValues
	case len(fields) >= 1 && fields[0] == ":help":
		cands = commandNames()
		for t := range helpTopics {
			cands = append(cands, t)
		}
	case strings.HasPrefix(before, ":"):
		return nil, 0
	default:
		cands = append(append([]string(nil), languageWords...), c.names()...)
	}
	sort.Strings(cands)
	var out [][]rune
	for _, cand := range cands {
		if strings.HasPrefix(cand, word) && cand != word {
			out = append(out, []rune(cand[len(word):]))
		}
	}
	return out, len([]rune(word))
}

// names are the params and variables the session declares.
func (c *completer) names() []string {
	if c.s.prog == nil {
		return nil
	}
	return c.s.prog.Names()
}
