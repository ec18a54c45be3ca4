package limits

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// stopSignals are the signals that stop a search, a compilation, a
// comparison or the playground instead of ending the process.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// The process asks the runtime for stopSignals once and keeps them: each
// signal.Notify or signal.Stop of a new signal is a round trip to the
// runtime's signal thread, which the first one also has to start, and a
// `csp solve` of a small model used to pay for four of each (compiling,
// then searching): 0.6 ms of its 4.4. While no handler is registered a
// signal does what it would do unwatched: the process dies by it, or
// ignores it if it was started with it ignored.
var sigWatch struct {
	sync.Mutex
	installed bool
	ch        chan os.Signal
	handlers  map[int]chan os.Signal
	next      int
}

// signalEcho is how long after the first signal a second one is taken
// for the same request: timeout(1), and a kill of a process group, send
// the signal to csp and again to its group, and the second must not end
// the process before the search has reported what it found. (A variable
// for the tests, which must not depend on the machine's speed.)
var signalEcho = time.Second

// OnSignal calls stop on SIGINT or SIGTERM until the returned function is
// called. A second signal, signalEcho or more after the first, ends the
// process at once.
func OnSignal(stop func()) func() {
	mine := make(chan os.Signal, 2)
	w := &sigWatch
	w.Lock()
	if !w.installed {
		if w.ch == nil {
			w.ch = make(chan os.Signal, 2)
			w.handlers = map[int]chan os.Signal{}
			go dispatchSignals()
		}
		signal.Notify(w.ch, stopSignals...)
		w.installed = true
	}
	id := w.next
	w.next++
	w.handlers[id] = mine
	w.Unlock()
	done := make(chan struct{})
	go func() {
		select {
		case <-mine:
			stop()
		case <-done:
			return
		}
		first := time.Now()
		for {
			select {
			case <-mine:
				if time.Since(first) < signalEcho {
					continue
				}
				os.Exit(130)
			case <-done:
				return
			}
		}
	}()
	return func() {
		w.Lock()
		delete(w.handlers, id)
		w.Unlock()
		close(done)
	}
}

// dispatchSignals hands each signal to every registered handler, dropping
// it for one whose channel is full as signal.Notify would; with none
// registered it gives the signal back to the runtime and raises it again.
func dispatchSignals() {
	w := &sigWatch
	for sig := range w.ch {
		w.Lock()
		if len(w.handlers) == 0 {
			signal.Reset(stopSignals...)
			w.installed = false
			w.Unlock()
			raise(sig)
			continue
		}
		for _, h := range w.handlers {
			select {
			case h <- sig:
			default:
			}
		}
		w.Unlock()
	}
}
