package engine

import "unsafe"

// flatRunAMD64 is flatPass.run written by hand (flatrun_amd64.s): the compiler
// spills some ten values of run's loop to the stack and reloads them at
// each member; by hand they stay in registers. Same arguments and results.
//
//go:noescape
func flatRunAMD64(f *flatPass, lp unsafe.Pointer, wi int, bits uint32) (m, wi2 int, bits2 uint32, lp2 unsafe.Pointer)

// flatRunAsm chooses flatRunAMD64 over run; tests turn it off to compare.
var flatRunAsm = true

func (f *flatPass) next(lp unsafe.Pointer, wi int, bits uint32) (int, int, uint32, unsafe.Pointer) {
	if flatRunAsm {
		return flatRunAMD64(f, lp, wi, bits)
	}
	return f.run(lp, wi, bits)
}
