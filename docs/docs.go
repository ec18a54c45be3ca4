// Package docs holds csp's documents, built into the binary: go install
// leaves this folder behind, and csp help language must still answer.
package docs

import _ "embed" // for go:embed

// Language is language.md: the .csp language and the csp command.
//
//go:embed language.md
var Language string

// Errors is errors.md: every error csp gives, each with an example.
//
//go:embed errors.md
var Errors string

// MiniZinc is minizinc.md: csp as a MiniZinc solver (csp fzn, csp mzn
// install).
//
//go:embed minizinc.md
var MiniZinc string
