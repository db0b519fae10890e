#include "common/vector_state.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace tcptune {

#if defined(__x86_64__)
namespace {

// XINUSE bits: 2 = AVX (upper halves of YMM0-15), 6 = ZMM_Hi256 (upper halves of ZMM0-15).
constexpr unsigned kUpperHalves = (1u << 2) | (1u << 6);

bool hasAvx()
{
    // libgcc checks the CPUID bit and that the kernel saves the AVX state (XCR0).
    static const bool avx = __builtin_cpu_supports("avx");
    return avx;
}

bool canReadInUse()
{
    static const bool can = [] {
        unsigned a = 0, b = 0, c = 0, d = 0;
        // CPUID leaf 0xD, subleaf 1, EAX bit 2: XGETBV with ECX=1 reports XINUSE.
        return hasAvx() && __get_cpuid_count(0xd, 1, &a, &b, &c, &d) && (a & (1u << 2)) != 0;
    }();
    return can;
}

} // namespace

void clearVectorUpperState()
{
    if (hasAvx())
        __asm__ volatile("vzeroupper");
}

std::optional<bool> vectorUpperStateInUse()
{
    if (!canReadInUse())
        return std::nullopt;
    unsigned low = 0;
    unsigned high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(1));
    return (low & kUpperHalves) != 0;
}

#else

void clearVectorUpperState() {}

std::optional<bool> vectorUpperStateInUse()
{
    return std::nullopt;
}

#endif

} // namespace tcptune
