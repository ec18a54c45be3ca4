// Package batch is csp solve MODEL --each FILE: one instance per line of FILE,
// solved on several workers, one answer line each, printed in input order.
//
// The model is lowered once (lang.Batch); each worker keeps one solver and
// resets it between instances; the queue hands out the lines and prints the
// answers in order (queue.go).
package batch
