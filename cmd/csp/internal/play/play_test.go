package play

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/play/sourcehash"
)

// The generated files are committed, for go install cannot make them:
// they must be those of the sources in the tree.
func TestGeneratedFresh(t *testing.T) {
	want, err := sourcehash.Sum("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := assets.ReadFile("generated/source.hash")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(got)) != want {
		t.Fatalf("the embedded csp.wasm and models.json are stale: engine, lang, the playground's Go code or the models changed since they were made; run go generate ./cmd/csp/internal/play")
	}
}

func get(t *testing.T, h http.Handler, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestHandler(t *testing.T) {
	h := Handler()
	for _, c := range []struct {
		path, contentType, contains string
	}{
		{"/", "text/html", `<textarea id="source"`},
		{"/index.html", "text/html", "<title>csp play</title>"},
		{"/play.js", "javascript", "new Worker(\"worker.js\")"},
		{"/worker.js", "javascript", "cspRun("},
		{"/play.css", "text/css", "#editor"},
		{"/wasm_exec.js", "javascript", "globalThis.Go = class"},
		{"/models.json", "application/json", `"models/queens.csp"`},
	} {
		resp := get(t, h, c.path)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), c.contentType) || !bytes.Contains(body, []byte(c.contains)) {
			t.Errorf("GET %s: %d %s, want 200 %s with %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), c.contentType, c.contains)
		}
	}
	for _, path := range []string{"/nothing", "/generated/csp.wasm.gz", "/web/index.html", "/../go.mod"} {
		if resp := get(t, h, path); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", rec.Code)
	}
}

// csp.wasm goes out gzipped to a browser that takes gzip, plain to one
// that does not; both are the same WebAssembly module.
func TestHandlerWasm(t *testing.T) {
	h := Handler()
	zipped := get(t, h, "/csp.wasm", "Accept-Encoding", "gzip, deflate, br")
	if zipped.Header.Get("Content-Encoding") != "gzip" || zipped.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("gzipped csp.wasm: %v", zipped.Header)
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	plain := get(t, h, "/csp.wasm")
	body, _ := io.ReadAll(plain.Body)
	if plain.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(body, []byte("\x00asm")) || !bytes.Equal(body, unzipped) {
		t.Fatalf("plain csp.wasm: %v, %d bytes, gzipped %d bytes", plain.Header, len(body), len(unzipped))
	}
}

// The static site has every file the page loads, csp.wasm unzipped, and
// the picker's files.
func TestWriteSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	if err := WriteSite(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	wasm, _ := os.ReadFile(filepath.Join(dir, "csp.wasm"))
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Error("csp.wasm is not a WebAssembly module")
	}
	var catalog struct {
		Entries []struct {
			Label, Model string
			Data         []string
		}
		Files map[string]string
	}
	text, _ := os.ReadFile(filepath.Join(dir, "models.json"))
	if err := json.Unmarshal(text, &catalog); err != nil {
		t.Fatal(err)
	}
	if len(catalog.Entries) < 20 {
		t.Errorf("the picker has %d entries", len(catalog.Entries))
	}
	for _, e := range catalog.Entries {
		for _, f := range append([]string{e.Model}, e.Data...) {
			if _, ok := catalog.Files[f]; !ok {
				t.Errorf("%s: %s is not in models.json", e.Label, f)
			}
		}
	}
	if err := WriteSite(filepath.Join(dir, "index.html")); err == nil {
		t.Error("WriteSite into a file: no error")
	}
}
