// Package completion writes csp's shell completion scripts, for bash, zsh and fish,
// from the command table and the commands' flag sets that cmd/csp gives it.
//
// A flag's usage string is its value's placeholder: FILE and FILE.ext complete
// file names; a flag whose value has Names() offers them.
package completion
