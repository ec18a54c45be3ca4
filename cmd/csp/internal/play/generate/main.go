// Command generate makes the playground's generated files, which go
// install cannot: the WebAssembly build of csp, gzipped; Go's JavaScript
// support for it, of the same Go release; the shipped models for the
// page's picker; and the fingerprint of their sources, which
// TestGeneratedFresh compares. Run it with go generate
// ./cmd/csp/internal/play.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/play/sourcehash"
)

const out = "cmd/csp/internal/play/generated"

func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

func generate() error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if err := os.Chdir(root); err != nil {
		return err
	}
	if err := buildWasm(); err != nil {
		return err
	}
	if err := copyWasmExec(); err != nil {
		return err
	}
	if err := writeModels(); err != nil {
		return err
	}
	sum, err := sourcehash.Sum(".")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "source.hash"), []byte(sum+"\n"), 0o644)
}

// moduleRoot is the folder of go.mod, above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// buildWasm compiles the wasm command, stripped of its symbol tables
// (the page needs no stack traces by name), and gzips it at the highest
// level: 7 MB become about 2.
func buildWasm() error {
	tmp, err := os.MkdirTemp("", "csp-wasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "csp.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, "./cmd/csp/internal/play/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the wasm: %v", err)
	}
	wasm, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.Write(wasm)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "csp.wasm.gz"), b.Bytes(), 0o644)
}

// copyWasmExec copies the JavaScript glue of the Go that built the wasm:
// the two must come from the same release.
func copyWasmExec() error {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	text, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "wasm_exec.js"), text, 0o644)
}

// Entry is one choice of the page's picker: a model and its data files.
type Entry struct {
	Label string   `json:"label"`
	Model string   `json:"model"`
	Data  []string `json:"data,omitempty"`
}

// solveLine is a command in a model's or data file's comments that pairs
// a model with a data file.
var solveLine = regexp.MustCompile(`csp solve (models/[\w./-]+\.csp) (models/data/[\w./-]+\.csp)`)

// writeModels writes models.json: the picker's entries, each model and
// example alone and each model with the data files its comments name,
// and the text of every file they use.
func writeModels() error {
	var entries []Entry
	files := map[string]string{}
	var pairs [][2]string
	for _, pat := range []string{"models/*.csp", "examples/*.csp", "models/data/*.csp"} {
		names, _ := filepath.Glob(pat)
		for _, name := range names {
			text, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			name = filepath.ToSlash(name)
			files[name] = strings.ReplaceAll(string(text), "\r\n", "\n")
			if !strings.HasPrefix(name, "models/data/") {
				entries = append(entries, Entry{Label: name, Model: name})
			}
			for _, m := range solveLine.FindAllStringSubmatch(files[name], -1) {
				if !slices.Contains(pairs, [2]string{m[1], m[2]}) {
					pairs = append(pairs, [2]string{m[1], m[2]})
				}
			}
		}
	}
	for _, p := range pairs {
		if _, ok := files[p[1]]; !ok {
			return fmt.Errorf("a comment names %s, which does not exist", p[1])
		}
		entries = append(entries, Entry{Label: p[0] + " + " + strings.TrimPrefix(p[1], "models/"), Model: p[0], Data: []string{p[1]}})
	}
	group := func(e Entry) string { return strings.Replace(e.Label, "models/", "0", 1) }
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(group(a), group(b)) })
	text, err := json.MarshalIndent(struct {
		Entries []Entry           `json:"entries"`
		Files   map[string]string `json:"files"`
	}{entries, files}, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "models.json"), append(text, '\n'), 0o644)
}
