//go:build !unix

package limits

import "runtime"

// PeakMemory approximates the peak memory by what the Go runtime obtained
// from the system.
func PeakMemory() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}
