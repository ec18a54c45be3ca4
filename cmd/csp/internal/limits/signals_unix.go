//go:build unix

package limits

import (
	"os"
	"syscall"
)

// raise sends sig to the process again, now that the runtime no longer
// watches it: the process dies by it, or ignores it if it started so.
func raise(sig os.Signal) {
	if s, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), s)
	}
}
