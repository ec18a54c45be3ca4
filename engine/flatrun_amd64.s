#include "go_asm.h"
#include "textflag.h"

// func flatRunAMD64(f *flatPass, lp unsafe.Pointer, wi int, bits uint32) (m, wi2 int, bits2 uint32, lp2 unsafe.Pointer)
//
// flatPass.run by hand: see it for what it does and why each access is in
// range. Registers across the loop: R8 words, R9 cells, R10 pd, R13 lp,
// R14 bits, DI o0. Frame: 0 len(live), 8 wi, 16 &live[0], 24 the row of
// o0's words, 32 lp at the member's start, 40 the member's ^x, 48 pl,
// 56 stride, 64 nx0.
TEXT ·flatRunAMD64(SB), NOSPLIT, $72-64
	MOVQ f+0(FP), AX
	MOVQ flatPass_words(AX), R8
	MOVQ flatPass_cells(AX), R9
	MOVQ flatPass_pd(AX), R10
	MOVQ flatPass_live(AX), BX
	MOVQ BX, 16(SP)
	MOVQ (flatPass_live+8)(AX), BX
	MOVQ BX, 0(SP)
	MOVQ flatPass_o0(AX), DI
	MOVQ flatPass_pl(AX), BX
	MOVQ BX, 48(SP)
	MOVQ flatPass_stride(AX), BX
	MOVQ BX, 56(SP)
	MOVLQSX flatPass_nx0(AX), BX
	MOVQ BX, 64(SP)
	MOVQ DI, CX
	SHRQ $6, CX
	IMULQ 56(SP), CX
	LEAQ (R8)(CX*8), CX
	MOVQ CX, 24(SP)
	MOVQ lp+8(FP), R13
	MOVQ wi+16(FP), SI
	MOVQ SI, 8(SP)
	MOVL bits+24(FP), R14

loop:
	TESTL R14, R14
	JNE member
	MOVQ 8(SP), SI
	INCQ SI
	MOVQ SI, 8(SP)
	CMPQ SI, 0(SP)
	JGE end
	MOVQ 16(SP), R11
	MOVL (R11)(SI*4), R14
	JMP loop

member:
	BSFL R14, AX
	MOVQ 8(SP), SI
	SHLQ $5, SI
	ADDQ SI, AX // m
	LEAL -1(R14), SI
	ANDL SI, R14
	LEAQ (AX)(AX*2), R12 // the member's cells at R9 + 4*3m
	CMPL (R9)(R12*4), $5 // size
	JLE stop
	MOVQ (R10)(AX*8), DX // pd[m]
	BTQ $0, DX // any-watch
	JCS stop
	SARQ $1, DX
	SUBQ 48(SP), DX // d
	MOVLQSX 4(R9)(R12*4), CX // min
	MOVLQSX 8(R9)(R12*4), BX // max
	SUBQ CX, BX
	DECQ BX // span1 = max - min - 1
	NEGQ CX
	LEAQ -1(DI)(CX*1), CX // a0 = o0 - min - 1

	// A value on a bound (a = ^0 or span1) stops the run.
	CMPQ CX, BX
	JCS in0
	JEQ stop
	CMPQ CX, $-1
	JEQ stop

in0:
	LEAQ (CX)(DX*1), R11 // a1
	CMPQ R11, BX
	JCS in1
	JEQ stop
	CMPQ R11, $-1
	JEQ stop

in1:
	MOVQ CX, R12
	SUBQ DX, R12 // a2
	CMPQ R12, BX
	JCS in2
	JEQ stop
	CMPQ R12, $-1
	JEQ stop

in2:
	MOVQ R13, 32(SP)
	MOVQ 64(SP), SI
	SUBL AX, SI
	MOVL SI, 40(SP) // ^x
	CMPQ CX, BX
	JCC skip0
	MOVQ 24(SP), SI
	LEAQ (SI)(AX*8), SI
	MOVQ (SI), R15
	BTRQ DI, R15
	MOVQ R15, (SI)
	SBBQ R15, R15
	ANDQ $8, R15 // 8 if the bit was set
	MOVL 40(SP), SI
	MOVL SI, (R13)
	MOVL DI, 4(R13)
	ADDQ R15, R13

skip0:
	CMPQ R11, BX
	JCC skip1
	LEAQ (DI)(DX*1), R11 // o1
	MOVQ R11, SI
	SHRQ $6, SI
	IMULQ 56(SP), SI
	ADDQ AX, SI
	LEAQ (R8)(SI*8), SI
	MOVQ (SI), R15
	BTRQ R11, R15
	MOVQ R15, (SI)
	SBBQ R15, R15
	ANDQ $8, R15
	MOVL 40(SP), SI
	MOVL SI, (R13)
	MOVL R11, 4(R13)
	ADDQ R15, R13

skip1:
	CMPQ R12, BX
	JCC skip2
	MOVQ DI, R12
	SUBQ DX, R12 // o2
	MOVQ R12, SI
	SHRQ $6, SI
	IMULQ 56(SP), SI
	ADDQ AX, SI
	LEAQ (R8)(SI*8), SI
	MOVQ (SI), R15
	BTRQ R12, R15
	MOVQ R15, (SI)
	SBBQ R15, R15
	ANDQ $8, R15
	MOVL 40(SP), SI
	MOVL SI, (R13)
	MOVL R12, 4(R13)
	ADDQ R15, R13

skip2:
	MOVQ R13, SI
	SUBQ 32(SP), SI
	SHRQ $3, SI // values removed
	LEAQ (AX)(AX*2), R12
	SUBL SI, (R9)(R12*4)
	JMP loop

stop:
	MOVQ AX, m+32(FP)
	MOVQ 8(SP), SI
	MOVQ SI, wi2+40(FP)
	MOVL R14, bits2+48(FP)
	MOVQ R13, lp2+56(FP)
	RET

end:
	MOVQ $-1, m+32(FP)
	MOVQ SI, wi2+40(FP)
	MOVL $0, bits2+48(FP)
	MOVQ R13, lp2+56(FP)
	RET
