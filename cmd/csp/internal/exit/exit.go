// Package exit holds csp's exit statuses, as the language spec fixes them.
// Every command and room of csp returns one of these; main hands it to os.Exit.
package exit

const (
	Solved   = 0 // a solution was found (or the check passed)
	Unsat    = 1 // proven to have no solution
	BadInput = 2 // the model, data or flags are wrong
	Limit    = 3 // a limit stopped the search before any answer
	Output   = 4 // stdout could not be written: the answer is lost, whatever the search found
)
