/*
 * bcryptprimitives.dll for Wine 8, which lacks it: Go 1.24 and later take
 * their random bytes from ProcessPrng in this DLL and stop at start-up
 * without it. This shim exports ProcessPrng and fills the buffer through
 * RtlGenRandom (SystemFunction036 in advapi32), which Wine has. Built by
 * scripts/wine-lane.sh into a test prefix's system32; never shipped.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
