//go:build unix

package limits

import (
	"runtime"
	"syscall"
)

// PeakMemory returns the peak resident set size of the process in bytes.
func PeakMemory() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return int64(ms.Sys)
	}
	if runtime.GOOS == "darwin" {
		return ru.Maxrss // bytes on macOS
	}
	return ru.Maxrss * 1024 // kilobytes elsewhere
}
