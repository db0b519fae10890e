#include "common/thread_cpu_time.h"

#include <ctime>

namespace tcptune {

std::chrono::nanoseconds thisThreadCpuTime()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
}

} // namespace tcptune
