package main

import "runtime/debug"

// release is the version of this csp.
const release = "0.1.0"

// version returns the release, with the commit it was built from when
// the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return release
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return release + " (" + s.Value[:12] + ")"
		}
	}
	return release
}
