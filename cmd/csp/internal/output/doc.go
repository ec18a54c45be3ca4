// Package output is how csp writes what it finds: the text, the --json stream,
// the progress line, colour on a terminal, and stdout's first write error.
//
// Each stream decides for itself whether it is a terminal (IsTerminal) and
// may have colour (UseColour); a Writer wraps stdout so that a failed write
// is reported once, at the end, with exit status 4.
package output
