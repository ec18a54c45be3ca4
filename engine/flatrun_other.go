//go:build !amd64

package engine

import "unsafe"

// flatRunAsm: only amd64 has flatRunAMD64.
var flatRunAsm = false

func (f *flatPass) next(lp unsafe.Pointer, wi int, bits uint32) (int, int, uint32, unsafe.Pointer) {
	return f.run(lp, wi, bits)
}
