#include "traffic/memory_budget.h"

#include <utility>

namespace tcptune {

MemoryBudget::Reservation &MemoryBudget::Reservation::operator=(Reservation &&other) noexcept
{
    if (this != &other) {
        reset();
        m_budget = std::exchange(other.m_budget, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

void MemoryBudget::Reservation::reset()
{
    if (m_budget)
        m_budget->m_used.fetch_sub(m_bytes);
    m_budget = nullptr;
    m_bytes = 0;
}

MemoryBudget::Reservation MemoryBudget::reserve(std::int64_t bytes)
{
    if (bytes <= 0)
        return {};
    std::int64_t used = m_used.load();
    do {
        if (used + bytes > m_total)
            return {};
    } while (!m_used.compare_exchange_weak(used, used + bytes));
    return Reservation(this, bytes);
}

} // namespace tcptune
