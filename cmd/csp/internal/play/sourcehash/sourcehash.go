// Package sourcehash fingerprints what the playground's generated files
// are made from, so that a test can tell when they are stale: the Go
// code the WebAssembly build compiles, the module's dependencies, and the
// shipped models the page offers.
package sourcehash

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Inputs are the files and folders, relative to the module root, whose
// content goes into the generated files: every package of the module
// the WebAssembly build imports (TestInputsCoverTheBuild holds the list
// to go list's), and the models. Folders are walked whole.
var Inputs = []string{
	"go.mod", "go.sum", "engine", "lang", "internal/spell",
	"cmd/csp/internal/compare", "cmd/csp/internal/narrate", "cmd/csp/internal/searchopt", "cmd/csp/internal/searchtree",
	"cmd/csp/internal/play/core", "cmd/csp/internal/play/wasm",
	"models", "examples",
}

// embedded are the files a package of the build embeds besides its Go
// code: the tree viewer's page.
var embedded = []string{".html", ".css", ".js"}

// Sum returns the fingerprint of the inputs under root. Go test files,
// and the Go programs among the examples, are not part of the build and
// are left out; line endings are normalised, so a checkout on Windows
// sums the same.
func Sum(root string) (string, error) {
	var files []string
	for _, in := range Inputs {
		err := filepath.WalkDir(filepath.Join(root, in), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if counts(rel) {
				files = append(files, rel)
			}
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	slices.Sort(files)
	h := sha256.New()
	for _, rel := range files {
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return "", err
		}
		text = []byte(strings.ReplaceAll(string(text), "\r\n", "\n"))
		h.Write([]byte(rel))
		h.Write([]byte{0})
		h.Write(text)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// counts reports whether a file under the inputs goes into the sum.
func counts(rel string) bool {
	switch {
	case strings.HasSuffix(rel, "_test.go"), strings.Contains(rel, "/testdata/"):
		return false
	case strings.HasPrefix(rel, "examples/"), strings.HasPrefix(rel, "models/"):
		return strings.HasSuffix(rel, ".csp")
	case rel == "go.mod" || rel == "go.sum":
		return true
	}
	return strings.HasSuffix(rel, ".go") || slices.ContainsFunc(embedded, func(ext string) bool { return strings.HasSuffix(rel, ext) })
}
