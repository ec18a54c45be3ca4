// Package limits is what stops csp's long work short of the operating system:
// SIGINT and SIGTERM, --max-memory, and --timeout while a model compiles.
//
// A search, a compilation, an explanation or the playground registers a
// stop function with OnSignal; a Guard watches the heap of a search; Compile
// and Memory give lang the same limits while it compiles.
package limits
