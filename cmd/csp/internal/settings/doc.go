// Package settings parses the values of csp's settings, on the command line and
// in the REPL's :set: names, durations, params; their defaults; did-you-mean hints.
//
// The names of the settings themselves are package searchopt's, which the
// playground shares; this package is the CLI's and the REPL's way to take
// them, and to say which name was meant when one is mistyped.
package settings
