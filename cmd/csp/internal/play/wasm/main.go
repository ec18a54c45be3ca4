//go:build js && wasm

// Command wasm is csp for the browser: built with GOOS=js GOARCH=wasm by
// go generate ./cmd/csp/internal/play, it sets two global functions,
//
//	cspRun(requestJSON, onOutput) → Promise of resultJSON
//	cspStop()
//
// cspRun runs a core.Request (solve, next, all, count, compare, check)
// and resolves to its core.Result. onOutput(stream, text), if given,
// receives stdout as it is printed ("out" or "trace") and the search's
// progress ("progress", a core.Progress), so the page can show a long
// search as it goes. cspStop stops the request running, as Ctrl-C stops
// csp solve: its result says what the search found.
//
// The page calls them from a Web Worker. The search runs on a goroutine
// that, at each progress report, gives the worker's event loop a turn:
// that is when a cspStop sent meanwhile is seen.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/play/core"
)

func main() {
	var session core.Session
	busy := false
	js.Global().Set("cspRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		// A wrapped function must not block the event loop it is called
		// from: the request runs on a goroutine, and a promise answers.
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
			executor.Release()
			resolve := p[0]
			if busy {
				resolve.Invoke(encode(core.Result{Stderr: "csp: a request is already running\n", Exit: 2}))
				return nil
			}
			busy = true
			go func() {
				out := run(&session, args)
				busy = false
				resolve.Invoke(out)
			}()
			return nil
		})
		return js.Global().Get("Promise").New(executor)
	}))
	js.Global().Set("cspStop", js.FuncOf(func(js.Value, []js.Value) any {
		session.Stop()
		return nil
	}))
	select {} // the functions outlive main's body
}

// run decodes the request, runs it and encodes the result. A panic is
// reported as a result: the Go program must stay alive for the next call.
func run(session *core.Session, args []js.Value) (out string) {
	defer func() {
		if r := recover(); r != nil {
			session.Forget()
			out = encode(core.Result{Stderr: fmt.Sprintf("csp: internal error: %v\n", r), Exit: 2})
		}
	}()
	if len(args) == 0 || args[0].Type() != js.TypeString {
		return encode(core.Result{Stderr: "csp: cspRun needs a request as its first argument\n", Exit: 2})
	}
	var req core.Request
	if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
		return encode(core.Result{Stderr: fmt.Sprintf("csp: the request is not valid: %v\n", err), Exit: 2})
	}
	var b *batcher
	var emit func(core.Chunk)
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		b = &batcher{fn: args[1]}
		emit = b.add
	}
	res := session.Do(req, emit)
	if b != nil {
		b.flush()
	}
	return encode(res)
}

func encode(res core.Result) string {
	text, err := json.Marshal(res)
	if err != nil { // a Result is strings and numbers: cannot happen
		return `{"stderr":"csp: cannot encode the result\n","exit":2}`
	}
	return string(text)
}

// batcher groups stdout into calls of the page's function: one per
// solution would cost more than the search for a fast --all.
type batcher struct {
	fn     js.Value
	stream string
	text   []byte
	last   time.Time
}

const (
	batchBytes = 64 << 10
	batchWait  = 100 * time.Millisecond
)

func (b *batcher) add(c core.Chunk) {
	if c.Stream == "progress" {
		b.flush() // what was printed before it, first
		b.fn.Invoke(c.Stream, c.Text)
		yield()
		return
	}
	if c.Stream != b.stream {
		b.flush()
		b.stream = c.Stream
	}
	b.text = append(b.text, c.Text...)
	if len(b.text) >= batchBytes || time.Since(b.last) >= batchWait {
		b.flush()
	}
}

func (b *batcher) flush() {
	if len(b.text) > 0 {
		b.fn.Invoke(b.stream, string(b.text))
		b.text = b.text[:0]
	}
	b.last = time.Now()
}

// yield gives the worker's event loop a turn, so that a cspStop posted
// meanwhile runs: with no other goroutine ready, a sleep returns to
// JavaScript until its timer fires (a millisecond, or the browser's
// minimum of a few). Progress comes every 200 ms: a pause of at most 2%.
func yield() { time.Sleep(time.Millisecond) }
