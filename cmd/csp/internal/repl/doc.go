// Package repl is csp repl: an interactive session that compiles each statement
// as it is typed and shows what propagation makes of it, or answers a script.
//
// A session keeps the statements accepted so far and compiles them with the
// same pipeline as csp solve after each change; its : commands search, trace,
// explain, draw and edit the model. On a terminal it reads with readline,
// with history (replhistory.go) and completion (complete.go).
package repl
