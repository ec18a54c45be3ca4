package searchtree

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/engine"
)

// The viewer as a person meets it, in headless Chromium: the page opens
// without errors, 8-queens' whole search (all solutions, the course's
// settings) fits the window, a dead end's panel names the emptied
// variable, folding and replay work. The page runs these interactions
// itself when its address ends in #selftest and writes what it found
// into <pre id="selftest">, which --dump-dom prints; so the test needs
// no driver library. The screenshot is left in $TMPDIR/csp-searchtree
// for a person to look at.

// chromium returns the browser's path, or skips the test: when there is
// no browser, and under -short (a browser takes seconds; the page's data
// are checked without one).
func chromium(t *testing.T) string {
	if testing.Short() {
		t.Skip("skipped under -short: the viewer is tested in a browser by the full run")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed (Debian: apt-get install chromium): the HTML viewer is not tested in a browser")
	return ""
}

// headless runs the browser on url with a 1280 × 800 window and returns
// its standard output. profile is a fresh directory for its profile.
func headless(browser, profile, url string, args ...string) ([]byte, error) {
	// A bound for a browser that hangs, not a verdict: on a loaded
	// machine three browsers at once took more than a minute.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,800", "--virtual-time-budget=5000"}, args...)
	cmd := exec.CommandContext(ctx, browser, append(all, url)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", browser, err, errs.Bytes())
	}
	return out.Bytes(), nil
}

type selftest struct {
	Errors        []string
	Nodes         int
	Shown         int
	Canvas        [2]int
	Inside        int
	SpanX         int
	DeadSelected  bool
	DeadLabel     string
	DeadVar       string
	DeadPanel     string
	BoardCells    int
	FoldedFrom    [2]int
	Unfolded      bool
	Zoom          [2]float64 // the scale's factor, how far the node under the pointer moved
	Panned        [2]any     // how far a 100-pixel drag moved the view, and whether the selection stayed
	Refit         bool
	Replay        string
	ReplayPanel   string
	ReplayBoard   int
	ReplayDomains string
	Runs          int
	Stats         string
	RunPanel      string
}

var selftestPre = regexp.MustCompile(`(?s)<pre id="selftest">(.*?)</pre>`)

func TestViewerInChromium(t *testing.T) {
	browser := chromium(t)
	r, st := solve(t, queens(t, 8), course, Options{}, true)
	page := writePage(t, r, Header{Title: "queens.csp (n=8)", Order: "input", Values: "min", Prop: "fc", Stats: st})
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "models", "sudoku.csp"))
	if err != nil {
		t.Fatal(err)
	}
	sr, sst := solve(t, compile(t, string(src)), course, Options{}, false)
	sudoku := writePage(t, sr, Header{Title: "sudoku.csp", Stats: sst})

	// The three runs go at once: each is mostly waiting.
	shots := filepath.Join(os.TempDir(), "csp-searchtree")
	os.MkdirAll(shots, 0o755)
	shot := filepath.Join(shots, "queens8-tree.png")
	shotDone, sudokuDone := make(chan error), make(chan []byte)
	profile, profile2 := t.TempDir(), t.TempDir()
	go func() {
		_, err := headless(browser, profile, "file://"+page, "--screenshot="+shot)
		shotDone <- err
	}()
	go func() {
		dom, err := headless(browser, profile2, "file://"+sudoku+"#selftest", "--dump-dom")
		if err != nil {
			dom = []byte(err.Error())
		}
		sudokuDone <- dom
	}()
	dom, err := headless(browser, t.TempDir(), "file://"+page+"#selftest", "--dump-dom")
	sudokuDOM := <-sudokuDone
	if shotErr := <-shotDone; err != nil || shotErr != nil {
		t.Fatal(err, shotErr)
	}
	got := readSelftest(t, dom)
	t.Logf("sudoku self-test: %+v", readSelftest(t, sudokuDOM))
	if s := readSelftest(t, sudokuDOM); len(s.Errors) > 0 || s.BoardCells != 81 || !strings.Contains(s.DeadPanel, "has no value left") {
		t.Errorf("the sudoku page: errors %q, the dead end's grid has %d squares, its panel says %q", s.Errors, s.BoardCells, s.DeadPanel)
	}
	t.Logf("self-test: %+v", got)
	if len(got.Errors) > 0 {
		t.Errorf("errors in the page: %q", got.Errors)
	}
	if got.Nodes != 1724 || got.Shown != 1725 {
		t.Errorf("the page has %d nodes and shows %d; want 8-queens' 1724 nodes and the root, all unfolded", got.Nodes, got.Shown)
	}
	if got.Inside != got.Shown || float64(got.SpanX) < 0.8*float64(got.Canvas[0]) {
		t.Errorf("%d of %d nodes inside the %v canvas, spanning %d px: the tree does not fit the window", got.Inside, got.Shown, got.Canvas, got.SpanX)
	}
	if got.DeadVar == "" || !strings.Contains(got.DeadPanel, got.DeadVar+" has no value left") || !strings.Contains(got.DeadPanel, "diagonal(q)") && !strings.Contains(got.DeadPanel, "alldiff(q)") {
		t.Errorf("the panel of dead end %s says %q; want the emptied %s and its constraint", got.DeadLabel, got.DeadPanel, got.DeadVar)
	}
	if got.BoardCells != 64 {
		t.Errorf("the panel's board has %d squares, want 64", got.BoardCells)
	}
	if !got.DeadSelected {
		t.Errorf("a tap on the dead end did not select it")
	}
	if got.FoldedFrom[1] >= got.FoldedFrom[0] || !got.Unfolded {
		t.Errorf("folding a subtree left %v nodes shown; unfolding it again restored them: %v", got.FoldedFrom, got.Unfolded)
	}
	if got.Zoom[0] <= 1.2 || got.Zoom[1] > 1 {
		t.Errorf("the wheel zoomed by %v and moved the node under the pointer by %v px", got.Zoom[0], got.Zoom[1])
	}
	if got.Panned[0] != 100.0 || got.Panned[1] != true {
		t.Errorf("a 100-pixel drag moved the view by %v, the selection kept: %v", got.Panned[0], got.Panned[1])
	}
	if !got.Refit {
		t.Errorf("the fit button did not bring every node back into the window")
	}
	if got.Replay != "step 1 / 1724" || got.ReplayPanel != "q[1]=1" || got.ReplayBoard != 1 {
		t.Errorf("after Home → → ←: %q, panel %q with %d decided squares; want step 1, q[1]=1 and its queen", got.Replay, got.ReplayPanel, got.ReplayBoard)
	}

	t.Logf("screenshot: %s", shot)
	checkFits(t, shot)
}

// A search that restarts: the first node of each run is marked, its
// panel says a run begins there, and the header counts the restarts.
func TestViewerRestartsInChromium(t *testing.T) {
	browser := chromium(t)
	opts := engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC, Restarts: engine.RestartLuby, RestartScale: 1}
	r, st := solve(t, queens(t, 8), opts, Options{}, false)
	if r.restarts == 0 {
		t.Fatal("the search did not restart")
	}
	page := writePage(t, r, Header{Title: "queens.csp (n=8)", Stats: st})
	dom, err := headless(browser, t.TempDir(), "file://"+page+"#selftest", "--dump-dom")
	if err != nil {
		t.Fatal(err)
	}
	got := readSelftest(t, dom)
	t.Logf("self-test: %+v", got)
	if len(got.Errors) > 0 || got.Runs != int(r.restarts) || !strings.Contains(got.Stats, plural(r.restarts, "restart")) ||
		!strings.Contains(got.RunPanel, "run 2 begins here") {
		t.Errorf("errors %q; %d runs marked for %d restarts; the header says %q; the panel of the first run says %q",
			got.Errors, got.Runs, r.restarts, got.Stats, got.RunPanel)
	}
}

// checkFits reads the screenshot: the tree's edges and nodes (any pixel
// neither white nor near it) must spread across most of the canvas, left
// of the 340 px panel and below the header.
func checkFits(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b := img.Bounds()
	area := image.Rect(0, 120, b.Dx()-345, b.Dy()-60)
	x0, x1, y0, y1 := area.Max.X, area.Min.X, area.Max.Y, area.Min.Y
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xd000 || g < 0xd000 || bl < 0xd000 {
				x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
			}
		}
	}
	if x1-x0 < area.Dx()*8/10 || y1-y0 < area.Dy()*6/10 {
		t.Errorf("the tree covers x %d..%d, y %d..%d of the area %v: it does not fill the window", x0, x1, y0, y1, area)
	}
}

// writePage writes r's page into a temporary file and returns its path.
func writePage(t *testing.T, r *Recorder, h Header) string {
	page := filepath.Join(t.TempDir(), "tree.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := r.WriteHTML(f, h); err != nil {
		t.Fatal(err)
	}
	return page
}

// readSelftest reads what the page's #selftest wrote into the DOM.
func readSelftest(t *testing.T, dom []byte) selftest {
	t.Helper()
	m := selftestPre.FindSubmatch(dom)
	if m == nil {
		t.Fatalf("the page wrote no self-test result:\n%.2000s", dom)
	}
	var got selftest
	if err := json.Unmarshal(unescapeHTML(m[1]), &got); err != nil {
		t.Fatalf("self-test result %s: %v", m[1], err)
	}
	return got
}

// unescapeHTML undoes what --dump-dom escapes in text.
func unescapeHTML(b []byte) []byte {
	return []byte(strings.NewReplacer("&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(string(b)))
}

// TestViewerEnumNamesInChromium: a decision on a variable declared in an
// enum reads by name in the page (its label and the domain table), as in
// --trace and the SVG.
func TestViewerEnumNamesInChromium(t *testing.T) {
	browser := chromium(t)
	prog := compile(t, "enum Colour = {Red, Green, Blue}\nvar c[1..3] in Colour\nalldiff(c)\nc[1] = Red -> c[2] + c[3] = 4\n")
	opts := engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC}
	r, st := solve(t, prog, opts, Options{}, false)
	page := writePage(t, r, Header{Title: "colours", Stats: st})
	dom, err := headless(browser, t.TempDir(), "file://"+page+"#selftest", "--dump-dom")
	if err != nil {
		t.Fatal(err)
	}
	got := readSelftest(t, dom)
	t.Logf("self-test: %+v", got)
	if len(got.Errors) > 0 || got.ReplayPanel != "c[1]=Red" || !strings.Contains(got.ReplayDomains, "{Green, Blue}") {
		t.Errorf("errors %q; the first step's panel %q and domain table %q do not name the colours (want c[1]=Red, and c[2] in {Green, Blue})",
			got.Errors, got.ReplayPanel, got.ReplayDomains)
	}
}
