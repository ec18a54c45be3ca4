package fzn

import "embed"

// Library is csp's MiniZinc solver library: the files that make MiniZinc
// pass the global constraints csp has propagators for (all_different,
// circuit, table, regular, cumulative, ...) to csp's own predicates
// instead of decomposing them, and declare the builtins csp posts
// natively. csp mzn install writes it beside the solver configuration.
//
//go:embed mznlib/*.mzn
var Library embed.FS
