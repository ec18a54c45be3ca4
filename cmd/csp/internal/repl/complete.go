package repl

import (
	"cmp"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/csp-lang/csp/lang"
)

// completer offers completions for the word before the cursor: commands
// after ":", settings and their values after ":set", help topics after
// ":help", file names after ":load", ":open", ":save" and ":tree", otherwise
// keywords, builtins and the names declared so far.
type completer struct{ s *session }

// languageWords are the keywords and builtins of the language. true and
// false are not here: the session's Names has them, as it has every name
// in scope.
var languageWords = []string{"param", "var", "in", "forall", "exists", "and", "or", "not", "xor",
	"union", "diff", "show", "minimize", "maximize", "search", "for", "where", "if", "then", "else", "end", "def", "enum",
	"alldiff", "alldifferent", "all_different", "diagonal", "increasing", "decreasing",
	"sum", "count", "min", "max", "product", "abs", "length", "board", "grid",
	"circuit", "subcircuit", "cumulative", "global_cardinality", "inverse", "lex_less", "lex_lesseq",
	"nooverlap", "regular", "runs", "table"}

var settingValues = map[string][]string{
	"order": {"input", "mrv", "domwdeg", "smallest", "largest"}, "values": {"min", "max", "mid", "auto", "split", "split-max"}, "prop": {"none", "fc", "ac"},
	"search": {"free", "model"}, "timeout": {"off", "10s", "1m"},
}

// searchSetting is what may follow order or values in a search
// statement, when the word being completed stands there; nil otherwise.
func searchSetting(fields []string, word string) []string {
	if len(fields) == 0 || fields[0] != "search" {
		return nil
	}
	prev := len(fields) - 1 // the word before the cursor's
	if word != "" {
		prev--
	}
	if prev < 1 {
		return nil
	}
	switch fields[prev] {
	case "order":
		return slices.Sorted(maps.Keys(lang.SearchOrders))
	case "values":
		return slices.Sorted(maps.Keys(lang.SearchValues))
	}
	return nil
}

var traceValues = []string{"on", "off", "domains", "piles"}

// fileCommands take a file name, and the extensions listed first.
var fileCommands = map[string][]string{":load": {".csp", ".json"}, ":open": {".csp"}, ":save": {".csp"}, ":tree": {".svg", ".dot"}}

// Do implements readline.AutoCompleter.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	before := string(line[:pos])
	fields := strings.Fields(before)
	if len(fields) >= 1 && fileCommands[fields[0]] != nil && (len(fields) == 2 && !strings.HasSuffix(before, " ") || len(fields) == 1 && strings.HasSuffix(before, " ")) {
		word := ""
		if len(fields) == 2 {
			word = fields[1]
		}
		return suffixes(fileNames(word, fileCommands[fields[0]]), word)
	}
	start := strings.LastIndexFunc(before, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == ':')
	}) + 1
	word := before[start:]
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
	case searchSetting(fields, word) != nil:
		cands = searchSetting(fields, word)
	default:
		cands = append(append([]string(nil), languageWords...), c.names()...)
		if len(fields) > 0 && fields[0] == "search" {
			cands = append(cands, "order", "values")
		}
	}
	cands = slices.Clone(cands)
	sort.Strings(cands)
	return suffixes(slices.Compact(cands), word)
}

// suffixes are what completes word to each candidate that extends it, in
// the order given, each once (readline lists them as given).
func suffixes(cands []string, word string) ([][]rune, int) {
	var out [][]rune
	seen := map[string]bool{}
	for _, cand := range cands {
		if strings.HasPrefix(cand, word) && cand != word && !seen[cand] {
			seen[cand] = true
			out = append(out, []rune(cand[len(word):]))
		}
	}
	return out, len([]rune(word))
}

// fileNames lists the entries of the directory word names (or is in)
// that start with its last element: directories (with a "/") and files
// with one of the extensions first, then the other files; hidden ones only
// when the prefix starts with ".".
func fileNames(word string, exts []string) []string {
	dir, prefix := filepath.Split(word)
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil {
		return nil
	}
	var first, rest []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, ".") && !strings.HasPrefix(prefix, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 {
			if info, err := os.Stat(filepath.Join(cmp.Or(dir, "."), name)); err == nil {
				isDir = info.IsDir()
			}
		}
		switch {
		case isDir:
			first = append(first, dir+name+"/")
		case slices.Contains(exts, filepath.Ext(name)):
			first = append(first, dir+name)
		default:
			rest = append(rest, dir+name)
		}
	}
	sort.Strings(first)
	sort.Strings(rest)
	return append(first, rest...)
}

// names are the params and variables the session declares.
func (c *completer) names() []string {
	if c.s.prog == nil {
		return nil
	}
	return c.s.prog.Names()
}
