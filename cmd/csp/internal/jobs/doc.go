// Package jobs is the format of csp split's jobs and csp merge: job lines
// written, found, read and resolved against a model, and answers put together.
//
// csp split writes a search cut into job lines (Write); csp solve --job and
// --each read them back (LoadLines, Resolve, LoadAll) and search their
// subproblems; csp merge (Merge) reads the jobs' --json answers and prints
// the answer of the whole search.
package jobs
