#include "textflag.h"

// SPLAT fills every byte of y with the byte c (x is y's lower half). The
// move into x is VEX-encoded: a legacy SSE MOVQ after the first broadcast
// had dirtied the upper halves cost about 1,500 cycles a call on an AMD
// EPYC virtual machine, and made the kernel slower than SSE2's.
#define SPLAT(c, x, y) \
	MOVL c, AX       \
	VMOVQ AX, x      \
	VPBROADCASTB x, y

// MERGE shifts the masks of a later part of a chunk (DX, R8) up by s bits
// and ORs them into the chunk's (AX, BX).
#define MERGE(s) \
	SHLQ s, DX \
	ORQ DX, AX \
	SHLQ s, R8 \
	ORQ R8, BX

// MARK32 marks the 32 bytes at off(SI): the newlines into nl and the
// signal candidates into cand (a '9' with "42" or "52" before it, a '_'
// with 'e' after it), one bit a byte. prev, prev2 and next are off-1,
// off-2 and off+1: the assembler takes no arithmetic in a macro operand.
#define MARK32(off, prev, prev2, next, nl, cand) \
	VMOVDQU off(SI), Y7     \
	VMOVDQU prev(SI), Y8    \
	VMOVDQU prev2(SI), Y9   \
	VMOVDQU next(SI), Y10   \
	VPCMPEQB Y7, Y0, Y11    \
	VPMOVMSKB Y11, nl       \
	VPCMPEQB Y7, Y1, Y12    \
	VPCMPEQB Y8, Y2, Y13    \
	VPAND Y13, Y12, Y12     \
	VPCMPEQB Y9, Y3, Y13    \
	VPCMPEQB Y9, Y4, Y14    \
	VPOR Y14, Y13, Y13      \
	VPAND Y13, Y12, Y12     \
	VPCMPEQB Y7, Y5, Y13    \
	VPCMPEQB Y10, Y6, Y14   \
	VPAND Y14, Y13, Y13     \
	VPOR Y13, Y12, Y12      \
	VPMOVMSKB Y12, cand

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
	SPLAT($0x0a, X0, Y0) // '\n'
	SPLAT($0x39, X1, Y1) // '9'
	SPLAT($0x32, X2, Y2) // '2'
	SPLAT($0x34, X3, Y3) // '4'
	SPLAT($0x35, X4, Y4) // '5'
	SPLAT($0x5f, X5, Y5) // '_'
	SPLAT($0x65, X6, Y6) // 'e'
	TESTQ CX, CX
	JZ done

loop:
	MARK32(0, -1, -2, 1, AX, BX)  // bytes 0..31 of the chunk
	MARK32(32, 31, 30, 33, DX, R8) // bytes 32..63
	MERGE($32)
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	ADDQ $64, SI
	ADDQ $16, DI
	DECQ CX
	JNZ loop

done:
	VZEROUPPER
	RET

// SPLAT16 fills every byte of x with the byte c, with SSE2 only.
#define SPLAT16(c, x) \
	MOVL c, AX     \
	MOVD AX, x     \
	PSHUFL $0, x, x

// MARK16 marks the 16 bytes at off(SI) as MARK32 does 32, with SSE2 only
// (every x86-64 has it): the newlines into nl, the candidates into cand.
// prev, prev2 and next are off-1, off-2 and off+1.
#define MARK16(off, prev, prev2, next, nl, cand) \
	MOVOU off(SI), X7   \
	MOVOU prev(SI), X8  \
	MOVOU prev2(SI), X9 \
	MOVOU next(SI), X10 \
	MOVO X7, X11        \
	PCMPEQB X0, X11     \
	PMOVMSKB X11, nl    \
	MOVO X7, X12        \
	PCMPEQB X1, X12     \
	PCMPEQB X2, X8      \
	PAND X8, X12        \
	MOVO X9, X13        \
	PCMPEQB X3, X13     \
	PCMPEQB X4, X9      \
	POR X9, X13         \
	PAND X13, X12       \
	PCMPEQB X5, X7      \
	PCMPEQB X6, X10     \
	PAND X10, X7        \
	POR X7, X12         \
	PMOVMSKB X12, cand

// func marksSSE2(p *byte, chunks int, out *uint64)
//
// marksAVX2's contract and masks, 16 bytes at a time: for the x86-64 CPUs
// without AVX2 (older ones, and virtual machines that hide it).
TEXT ·marksSSE2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ chunks+8(FP), CX
	MOVQ out+16(FP), DI
	SPLAT16($0x0a0a0a0a, X0) // '\n'
	SPLAT16($0x39393939, X1) // '9'
	SPLAT16($0x32323232, X2) // '2'
	SPLAT16($0x34343434, X3) // '4'
	SPLAT16($0x35353535, X4) // '5'
	SPLAT16($0x5f5f5f5f, X5) // '_'
	SPLAT16($0x65656565, X6) // 'e'
	TESTQ CX, CX
	JZ sse2done

sse2loop:
	MARK16(0, -1, -2, 1, AX, BX)     // bytes 0..15 of the chunk
	MARK16(16, 15, 14, 17, DX, R8)   // bytes 16..31
	MERGE($16)
	MARK16(32, 31, 30, 33, DX, R8)   // bytes 32..47
	MERGE($32)
	MARK16(48, 47, 46, 49, DX, R8)   // bytes 48..63
	MERGE($48)
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	ADDQ $64, SI
	ADDQ $16, DI
	DECQ CX
	JNZ sse2loop

sse2done:
	RET
