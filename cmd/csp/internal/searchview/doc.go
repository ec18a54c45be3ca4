// Package searchview writes what csp shows of a search besides its answers:
// the --trace narration onto a stream, and the --tree picture into a file.
//
// Both csp solve and the REPL's :trace and :tree use it; the text of the
// narration is package narrate's, the picture package searchtree's.
package searchview
