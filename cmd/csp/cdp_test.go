package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// A headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ending in a NUL byte, sent on
// the browser's descriptor 3, received on its descriptor 4). Enough of
// the protocol to open a page, run script in it, gather its errors and
// take a screenshot; no library needed.
type chromium struct {
	cmd     *exec.Cmd
	send    io.WriteCloser
	recv    *bufio.Reader
	id      int
	session string
	errors  []string // console errors, exceptions, failed loads
}

const chromiumPath = "/usr/bin/chromium"

// startChromium starts the browser with one blank page attached, or
// skips the test when there is no Chromium.
func startChromium(t *testing.T) *chromium {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("skipped: %s is absent, so the playground is not tried in a browser (apt-get install chromium to run it)", chromiumPath)
	}
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	theirs, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromiumPath, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // descriptors 3 and 4
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	c := &chromium{cmd: cmd, send: ours, recv: bufio.NewReader(theirs)}
	t.Cleanup(func() {
		c.call("Browser.close", nil)
		ours.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	var target struct{ TargetID string }
	if err := c.call("Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		t.Fatal(err)
	}
	var attached struct{ SessionID string }
	if err := c.call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		t.Fatal(err)
	}
	c.session = attached.SessionID
	for _, domain := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if err := c.call(domain, nil); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// call sends a command to the page's session (the browser's before
// there is one) and waits for its answer, decoded into out[0] if given.
func (c *chromium) call(method string, params map[string]any, out ...any) error {
	c.id++
	msg := map[string]any{"id": c.id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if c.session != "" && !strings.HasPrefix(method, "Target.") && !strings.HasPrefix(method, "Browser.") {
		msg["sessionId"] = c.session
	}
	text, _ := json.Marshal(msg)
	if _, err := c.send.Write(append(text, 0)); err != nil {
		return err
	}
	for {
		raw, err := c.recv.ReadBytes(0)
		if err != nil {
			return fmt.Errorf("%s: the browser closed the pipe: %v", method, err)
		}
		var m struct {
			ID     int
			Method string
			Params json.RawMessage
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			return err
		}
		if m.ID == 0 {
			c.event(m.Method, m.Params)
			continue
		}
		if m.ID != c.id {
			continue
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if len(out) > 0 {
			return json.Unmarshal(m.Result, out[0])
		}
		return nil
	}
}

// event keeps the errors the page reports.
func (c *chromium) event(method string, params json.RawMessage) {
	var p struct {
		Type             string
		Args             []struct{ Value any }
		ExceptionDetails struct {
			Text      string
			Exception struct{ Description string }
		}
		Entry struct{ Level, Text, URL string }
	}
	json.Unmarshal(params, &p)
	switch {
	case method == "Runtime.consoleAPICalled" && p.Type == "error":
		c.errors = append(c.errors, fmt.Sprint("console.error: ", p.Args))
	case method == "Runtime.exceptionThrown":
		c.errors = append(c.errors, "exception: "+p.ExceptionDetails.Text+" "+p.ExceptionDetails.Exception.Description)
	case method == "Log.entryAdded" && p.Entry.Level == "error":
		c.errors = append(c.errors, "log: "+p.Entry.Text+" "+p.Entry.URL)
	}
}

// eval runs a script expression in the page, awaiting a promise, and
// decodes its value into out.
func (c *chromium) eval(expr string, out any) error {
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	err := c.call("Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r)
	if err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out == nil || r.Result.Value == nil {
		return nil
	}
	return json.Unmarshal(r.Result.Value, out)
}

// screenshot returns the page as a PNG at width x height.
func (c *chromium) screenshot(width, height int) ([]byte, error) {
	err := c.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false})
	if err != nil {
		return nil, err
	}
	var shot struct{ Data []byte } // base64 in JSON
	err = c.call("Page.captureScreenshot", map[string]any{"format": "png"}, &shot)
	return shot.Data, err
}

// click presses and releases the left mouse button at (x, y) in the
// page, as a hand does: the page sees pointer, mouse and click events.
func (c *chromium) click(x, y float64) error {
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		err := c.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y, "button": "left", "clickCount": 1})
		if err != nil {
			return err
		}
	}
	return nil
}

// waitFor evaluates cond in the page until it is true, or fails the test
// after a minute: what the page does next is waited for, not timed.
func (c *chromium) waitFor(t *testing.T, cond string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var ok bool
		if err := c.eval(`!!(`+cond+`)`, &ok); err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never came to %s; errors: %q", cond, c.errors)
		}
	}
}

// clickOn clicks the middle of the element the CSS selector picks, as
// a hand would: it must be on screen, not hidden or covered.
func (c *chromium) clickOn(t *testing.T, selector string) {
	t.Helper()
	var at struct{ X, Y, W, H float64 }
	err := c.eval(`(() => { const el = document.querySelector(`+jsString(selector)+`); if (!el) return {}; el.scrollIntoView({block: "nearest"}); const r = el.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height}; })()`, &at)
	if err != nil {
		t.Fatal(err)
	}
	if at.W == 0 || at.H == 0 {
		t.Fatalf("%s is not on the page", selector)
	}
	if err := c.click(at.X, at.Y); err != nil {
		t.Fatal(err)
	}
}

// jsString quotes s for a script.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// openTab opens url in a new tab and talks to it until the returned
// function goes back to the tab before.
func (c *chromium) openTab(t *testing.T, url string) (back func()) {
	t.Helper()
	var target struct{ TargetID string }
	if err := c.call("Target.createTarget", map[string]any{"url": url}, &target); err != nil {
		t.Fatal(err)
	}
	var attached struct{ SessionID string }
	if err := c.call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		t.Fatal(err)
	}
	before := c.session
	c.session = attached.SessionID
	for _, domain := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if err := c.call(domain, nil); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		c.call("Target.closeTarget", map[string]any{"targetId": target.TargetID})
		c.session = before
	}
}

// inFrame runs f talking to the page's first frame of another origin
// (a sandboxed iframe runs in a process of its own), then goes back.
func (c *chromium) inFrame(t *testing.T, f func()) {
	t.Helper()
	var targets struct {
		TargetInfos []struct{ TargetID, Type string }
	}
	if err := c.call("Target.getTargets", nil, &targets); err != nil {
		t.Fatal(err)
	}
	for _, ti := range targets.TargetInfos {
		if ti.Type != "iframe" {
			continue
		}
		var attached struct{ SessionID string }
		if err := c.call("Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &attached); err != nil {
			t.Fatal(err)
		}
		before := c.session
		c.session = attached.SessionID
		defer func() {
			c.call("Target.detachFromTarget", map[string]any{"sessionId": attached.SessionID})
			c.session = before
		}()
		f()
		return
	}
	t.Fatal("the page has no frame of another origin")
}
