package batch

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

// A batchQueue hands the lines of the batch file to the workers and prints
// their answers in input order. The workers take the lines and print the
// answers themselves, each under a lock, rather than receive them from a
// reader goroutine and pass them on to a printer: a sudoku takes some
// 20 µs, and waking another goroutine for each line and each answer cost
// about as much. Answers are written out in blocks, not one write each:
// before the input is read again (it may block, and whoever typed the
// lines wants their answers), before a message on stderr (so the two stay
// in order on a terminal), and at least every flushEvery.
type batchQueue struct {
	run    *batchRun
	path   string
	stdout io.Writer
	stderr io.Writer

	inMu sync.Mutex
	in   *jobReader

	outMu   sync.Mutex
	out     *bufio.Writer
	pending map[int]batchResult // answered ahead of their turn
	next    int                 // the instance to print next
	tally   *batchTally
	flushed time.Time // the last flush
	reading atomic.Bool
}

const flushEvery = 50 * time.Millisecond

// take returns the next instance, or false at the end of the input.
func (q *batchQueue) take() (batchJob, bool) {
	q.inMu.Lock()
	defer q.inMu.Unlock()
	return q.in.next()
}

// put prints res if its turn has come, with those waiting after it, or
// keeps it until then.
func (q *batchQueue) put(res batchResult) {
	q.outMu.Lock()
	defer q.outMu.Unlock()
	if res.n != q.next {
		q.pending[res.n] = res
		return
	}
	q.emit(res)
	for {
		res, ok := q.pending[q.next]
		if !ok {
			break
		}
		delete(q.pending, q.next)
		q.emit(res)
	}
	if q.reading.Load() || time.Since(q.flushed) >= flushEvery {
		q.flushLocked()
	}
}

func (q *batchQueue) emit(res batchResult) {
	if res.status == "invalid" || res.stopped != "" {
		q.flushLocked() // print may write to stderr: the answers before it come first
	}
	q.run.print(q.out, q.stderr, res, q.path, res.line)
	q.tally.add(res)
	q.next++
}

func (q *batchQueue) flush() {
	q.outMu.Lock()
	defer q.outMu.Unlock()
	q.flushLocked()
}

func (q *batchQueue) flushLocked() {
	q.flushed = time.Now()
	if q.out.Flush() != nil && output.Failed(q.stdout) {
		q.run.stop() // the answers can no longer be written: run reports it
	}
}

// flushBeforeRead is the batch file as the scanner reads it: the answers
// so far are written out before each read, which may wait for input.
type flushBeforeRead struct {
	r io.Reader
	q *batchQueue
}

func (f flushBeforeRead) Read(b []byte) (int, error) {
	f.q.reading.Store(true) // answers printed meanwhile are flushed at once
	f.q.flush()
	n, err := f.r.Read(b)
	f.q.reading.Store(false)
	return n, err
}

// solveAll reads the instances of f, solves them on r.workers goroutines
// and prints the answers in input order.
func (r *batchRun) solveAll(f io.Reader, path string, stdout, stderr io.Writer) *batchTally {
	q := &batchQueue{run: r, path: path, stdout: stdout, stderr: stderr,
		out: bufio.NewWriterSize(stdout, 64<<10), pending: map[int]batchResult{},
		tally: &batchTally{counts: map[string]int{}}, flushed: time.Now()}
	q.in = newJobReader(flushBeforeRead{r: f, q: q}, path)
	if r.js != nil { // the instance lines, in order with the rest
		r.js.W = q.out
		defer func() { r.js.W = stdout }()
	}
	var wg sync.WaitGroup
	for range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &batchWorker{run: r}
			defer w.release()
			for {
				j, ok := q.take()
				if !ok {
					return
				}
				res := w.solve(j)
				res.line = j.line
				q.put(res)
			}
		}()
	}
	wg.Wait()
	q.flush()
	if err := q.in.err; err != nil { // the lines after it are lost: the batch is incomplete
		fmt.Fprintln(stderr, "csp:", err)
		r.js.Errors(err)
		q.tally.unread = true
	}
	return q.tally
}
