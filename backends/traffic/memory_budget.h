#pragma once
// The agent's one memory budget: every run reserves what its buffers, intervals and result will
// take before it is accepted, and gives it back when its last thread is done with the run. A
// run the budget cannot hold is refused at `start`, before any thread or buffer exists, so no
// client (with or without a token) can make the agent allocate more than the budget.

#include <atomic>
#include <cstdint>

namespace tcptune {

class MemoryBudget final {
public:
    // What a Reservation holds; given back when it is destroyed. Move-only.
    class Reservation final {
    public:
        Reservation() = default;
        Reservation(MemoryBudget *budget, std::int64_t bytes)
            : m_budget(budget)
            , m_bytes(bytes)
        {
        }
        Reservation(Reservation &&other) noexcept { *this = std::move(other); }
        Reservation &operator=(Reservation &&other) noexcept;
        Reservation(const Reservation &) = delete;
        Reservation &operator=(const Reservation &) = delete;
        ~Reservation() { reset(); }

        std::int64_t bytes() const { return m_bytes; }
        void reset();

    private:
        MemoryBudget *m_budget = nullptr;
        std::int64_t m_bytes = 0;
    };

    explicit MemoryBudget(std::int64_t totalBytes)
        : m_total(totalBytes)
    {
    }

    // BYTES (more than 0) from the budget, or an empty reservation (bytes() 0) when fewer are left.
    [[nodiscard]] Reservation reserve(std::int64_t bytes);
    std::int64_t total() const { return m_total; }
    std::int64_t used() const { return m_used.load(); }
    std::int64_t left() const { return m_total - m_used.load(); }

private:
    const std::int64_t m_total;
    std::atomic<std::int64_t> m_used{0};
};

} // namespace tcptune
