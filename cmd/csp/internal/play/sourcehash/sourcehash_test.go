package sourcehash

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every package of the module that the WebAssembly build compiles, and
// every file it embeds, is among the inputs: a change to any of them
// makes the embedded csp.wasm stale, and TestGeneratedFresh says so.
func TestInputsCoverTheBuild(t *testing.T) {
	root, err := filepath.Abs("../../../../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.Dir}}{{range .EmbedFiles}} {{.}}{{end}}{{end}}`, "./cmd/csp/internal/play/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		rel, err := filepath.Rel(root, fields[0])
		if err != nil || strings.HasPrefix(rel, "..") {
			continue // a dependency outside the module: go.sum holds it
		}
		rel = filepath.ToSlash(rel)
		if !slices.ContainsFunc(Inputs, func(in string) bool { return rel == in || strings.HasPrefix(rel, in+"/") }) {
			t.Errorf("the WebAssembly build compiles %s, which is not among the inputs", rel)
		}
		for _, f := range fields[1:] {
			if !counts(rel + "/" + f) {
				t.Errorf("%s embeds %s, which the sum leaves out", rel, f)
			}
		}
	}
}
