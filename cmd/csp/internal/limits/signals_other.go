//go:build !unix

package limits

import "os"

// raise ends the process as an unwatched Ctrl-C would: there is no
// signal to send again where processes are not sent Unix signals.
func raise(os.Signal) { os.Exit(130) }
