// Package helpdoc shows the documents built into csp (csp help language, errors,
// minizinc): whole through a pager, or the sections whose heading holds a word.
package helpdoc
