// Package play is csp in the browser: the page, its Web Worker, and the
// WebAssembly build of csp that the worker runs, all embedded, served by
// csp play or written out for any web host.
package play

//go:generate go run ./generate

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// web holds the hand-written page; generated, what go generate makes.
//
//go:embed web generated
var assets embed.FS

// wasmGz is the gzipped WebAssembly build as embedded.
const wasmGz = "generated/csp.wasm.gz"

// files lists the site: each URL path below the root and the embedded
// file that serves it. csp.wasm is served from wasmGz.
var files = map[string]string{
	"index.html":   "web/index.html",
	"play.css":     "web/play.css",
	"editor.js":    "web/editor.js",
	"models.js":    "web/models.js",
	"play.js":      "web/play.js",
	"worker.js":    "web/worker.js",
	"wasm_exec.js": "generated/wasm_exec.js",
	"models.json":  "generated/models.json",
}

var wasm struct {
	once sync.Once
	data []byte
	err  error
}

// wasmBytes returns the WebAssembly build, decompressed once.
func wasmBytes() ([]byte, error) {
	wasm.once.Do(func() {
		gz, err := assets.ReadFile(wasmGz)
		if err != nil {
			wasm.err = err
			return
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			wasm.err = err
			return
		}
		wasm.data, wasm.err = io.ReadAll(zr)
	})
	return wasm.data, wasm.err
}

// Handler serves the site. csp.wasm goes out gzipped to a browser that
// accepts it, as nearly all do: a third of the bytes.
func Handler() http.Handler {
	start := time.Now() // the assets change only with the binary
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if name == "csp.wasm" {
			serveWasm(w, r, start)
			return
		}
		embedded, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		data, err := assets.ReadFile(embedded)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.ServeContent(w, r, name, start, bytes.NewReader(data))
	})
}

func serveWasm(w http.ResponseWriter, r *http.Request, start time.Time) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Add("Vary", "Accept-Encoding")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		gz, err := assets.ReadFile(wasmGz)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, "csp.wasm", start, bytes.NewReader(gz))
		return
	}
	data, err := wasmBytes()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "csp.wasm", start, bytes.NewReader(data))
}

// WriteSite writes the site's files into dir, creating it if need be,
// for a static web host: csp.wasm uncompressed, since a host may not
// serve .gz files with the right headers.
func WriteSite(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, embedded := range files {
		data, err := assets.ReadFile(embedded)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	data, err := wasmBytes()
	if err != nil {
		return fmt.Errorf("the embedded csp.wasm: %v", err)
	}
	return os.WriteFile(filepath.Join(dir, "csp.wasm"), data, 0o644)
}

// Names lists the site's files, for csp play --out to report.
func Names() []string {
	names := []string{"csp.wasm"}
	for name := range files {
		names = append(names, name)
	}
	return names
}
