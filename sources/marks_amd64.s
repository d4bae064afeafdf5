#include "textflag.h"

// func marksAVX2(p *byte, chunks int, out *uint64)
//
// For each 64-byte chunk at p, p+64, ... writes two masks to out (bit i is
// byte i of the chunk): the newlines, and the bytes where a rate-limit
// signal may sit (the 9 ending "429" or "529", the _ starting "_e"). It
// reads 2 bytes before p and 1 byte past the last chunk: the caller keeps
// them inside the slice.
TEXT ·marksAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ chunks+8(FP), CX
	MOVQ out+16(FP), DI
	MOVL $0x0a, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y0 // '\n'
	MOVL $0x39, AX
	MOVQ AX, X1
	VPBROADCASTB X1, Y1 // '9'
	MOVL $0x32, AX
	MOVQ AX, X2
	VPBROADCASTB X2, Y2 // '2'
	MOVL $0x34, AX
	MOVQ AX, X3
	VPBROADCASTB X3, Y3 // '4'
	MOVL $0x35, AX
	MOVQ AX, X4
	VPBROADCASTB X4, Y4 // '5'
	MOVL $0x5f, AX
	MOVQ AX, X5
	VPBROADCASTB X5, Y5 // '_'
	MOVL $0x65, AX
	MOVQ AX, X6
	VPBROADCASTB X6, Y6 // 'e'
	TESTQ CX, CX
	JZ done

loop:
	// Bytes 0..31 of the chunk.
	VMOVDQU (SI), Y7
	VMOVDQU -1(SI), Y8
	VMOVDQU -2(SI), Y9
	VMOVDQU 1(SI), Y10
	VPCMPEQB Y7, Y0, Y11
	VPMOVMSKB Y11, AX
	VPCMPEQB Y7, Y1, Y12
	VPCMPEQB Y8, Y2, Y13
	VPAND Y13, Y12, Y12
	VPCMPEQB Y9, Y3, Y13
	VPCMPEQB Y9, Y4, Y14
	VPOR Y14, Y13, Y13
	VPAND Y13, Y12, Y12
	VPCMPEQB Y7, Y5, Y13
	VPCMPEQB Y10, Y6, Y14
	VPAND Y14, Y13, Y13
	VPOR Y13, Y12, Y12
	VPMOVMSKB Y12, BX

	// Bytes 32..63.
	VMOVDQU 32(SI), Y7
	VMOVDQU 31(SI), Y8
	VMOVDQU 30(SI), Y9
	VMOVDQU 33(SI), Y10
	VPCMPEQB Y7, Y0, Y11
	VPMOVMSKB Y11, DX
	VPCMPEQB Y7, Y1, Y12
	VPCMPEQB Y8, Y2, Y13
	VPAND Y13, Y12, Y12
	VPCMPEQB Y9, Y3, Y13
	VPCMPEQB Y9, Y4, Y14
	VPOR Y14, Y13, Y13
	VPAND Y13, Y12, Y12
	VPCMPEQB Y7, Y5, Y13
	VPCMPEQB Y10, Y6, Y14
	VPAND Y14, Y13, Y13
	VPOR Y13, Y12, Y12
	VPMOVMSKB Y12, R8

	SHLQ $32, DX
	ORQ DX, AX
	SHLQ $32, R8
	ORQ R8, BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	ADDQ $64, SI
	ADDQ $16, DI
	DECQ CX
	JNZ loop

done:
	VZEROUPPER
	RET
