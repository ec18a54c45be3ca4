//go:build !unix

package main

import "runtime"

// peakMemory approximates the peak memory by what the Go runtime obtained
// from the system.
func peakMemory() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}
