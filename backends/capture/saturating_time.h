#pragma once
// Differences of capture timestamps, held at the int64 limits instead of overflowing: a file may
// put its packets anywhere in the 584 years an int64 of nanoseconds spans.

#include <climits>
#include <cstdint>

namespace tcptune {

inline std::int64_t saturatingSub(std::int64_t a, std::int64_t b)
{
    std::int64_t r = 0;
    if (__builtin_sub_overflow(a, b, &r))
        return a > b ? LLONG_MAX : LLONG_MIN;
    return r;
}

} // namespace tcptune
