package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The csp binary, built once for the tests that run it as a process.
var built struct {
	once sync.Once
	path string
	err  error
	out  []byte
	dir  string
}

// cspBinary returns the path of a csp binary built from this checkout.
func cspBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "csp-test-bin")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "csp")
		built.out, built.err = exec.Command("go", "build", "-o", built.path, "./cmd/csp").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return built.path
}
