#pragma once
// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): what a piece of work costs where it
// runs, which the load of the rest of the machine changes far less than throughput or wall time.

#include <chrono>

namespace tcptune {

std::chrono::nanoseconds thisThreadCpuTime();

} // namespace tcptune
