#include "interruption.h"

#include "common/termination_signals.h"

#include <atomic>
#include <memory>

namespace tcptune::bench {
namespace {

std::atomic<bool> g_interrupted{false};

} // namespace

void catchInterruption()
{
    static std::unique_ptr<TerminationSignals> signals;
    if (auto installed = TerminationSignals::install([](int) { g_interrupted = true; }))
        signals = std::move(*installed);
}

bool interrupted()
{
    return g_interrupted;
}

} // namespace tcptune::bench
