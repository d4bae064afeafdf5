#include "textflag.h"

// MARK16 marks 16 bytes: x is the bytes, p1 and p2 the bytes one and two
// before each, n1 the byte after. It leaves the newlines (0xff a byte) in
// x and the candidates (a '9' with "42" or "52" before it, a '_' with 'e'
// after it) in p1, both weighted by V23 for the gather. p2, n1, V24 and
// V25 are scratch.
#define MARK16(x, p1, p2, n1) \
	VCMEQ V17.B16, x.B16, V24.B16  \
	VCMEQ V18.B16, p1.B16, V25.B16 \
	VAND V25.B16, V24.B16, V24.B16 \
	VCMEQ V19.B16, p2.B16, V25.B16 \
	VCMEQ V20.B16, p2.B16, p2.B16  \
	VORR V25.B16, p2.B16, p2.B16   \
	VAND p2.B16, V24.B16, V24.B16  \
	VCMEQ V21.B16, x.B16, V25.B16  \
	VCMEQ V22.B16, n1.B16, n1.B16  \
	VAND V25.B16, n1.B16, n1.B16   \
	VORR n1.B16, V24.B16, p1.B16   \
	VCMEQ V16.B16, x.B16, x.B16    \
	VAND V23.B16, x.B16, x.B16     \
	VAND V23.B16, p1.B16, p1.B16

// GATHER64 adds up the weighted bytes of a, b, c, d (16 each) by eights:
// the 64-bit mask, bit i for byte i, ends in lane 0 of a.
#define GATHER64(a, b, c, d) \
	VADDP b.B16, a.B16, a.B16 \
	VADDP d.B16, c.B16, c.B16 \
	VADDP c.B16, a.B16, a.B16 \
	VADDP a.B16, a.B16, a.B16

// func marksNEON(p *byte, chunks int, out *uint64)
//
// marksAVX2's contract, with NEON: for each 64-byte chunk at p, p+64, ...
// writes the newline mask and the candidate mask to out. It reads 2 bytes
// before p and 1 byte past the last chunk: the caller keeps them inside
// the slice.
TEXT ·marksNEON(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD chunks+8(FP), R4
	MOVD out+16(FP), R5
	SUB  $1, R0, R1 // the bytes one before
	SUB  $2, R0, R2 // two before
	ADD  $1, R0, R3 // one after
	MOVD $0x0a, R6
	VDUP R6, V16.B16 // '\n'
	MOVD $0x39, R6
	VDUP R6, V17.B16 // '9'
	MOVD $0x32, R6
	VDUP R6, V18.B16 // '2'
	MOVD $0x34, R6
	VDUP R6, V19.B16 // '4'
	MOVD $0x35, R6
	VDUP R6, V20.B16 // '5'
	MOVD $0x5f, R6
	VDUP R6, V21.B16 // '_'
	MOVD $0x65, R6
	VDUP R6, V22.B16 // 'e'
	MOVD $0x8040201008040201, R6
	VMOV R6, V23.D[0] // each byte's weight in its group of 8
	VMOV R6, V23.D[1]
	CBZ  R4, done

loop:
	VLD1.P 64(R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P 64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VLD1.P 64(R2), [V8.B16, V9.B16, V10.B16, V11.B16]
	VLD1.P 64(R3), [V12.B16, V13.B16, V14.B16, V15.B16]
	MARK16(V0, V4, V8, V12)
	MARK16(V1, V5, V9, V13)
	MARK16(V2, V6, V10, V14)
	MARK16(V3, V7, V11, V15)
	GATHER64(V0, V1, V2, V3)
	GATHER64(V4, V5, V6, V7)
	VMOV V0.D[0], R6
	VMOV V4.D[0], R7
	MOVD R6, 0(R5)
	MOVD R7, 8(R5)
	ADD  $16, R5
	SUBS $1, R4
	BNE  loop

done:
	RET
