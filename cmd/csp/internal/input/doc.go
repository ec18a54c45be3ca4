// Package input reads the files csp is given: models, data, batch and job files,
// within the size csp reads, and the standard input ("-") at most once.
package input
