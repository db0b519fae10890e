#include "common/page_buffer.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace tcptune {

PageBuffer::PageBuffer(std::size_t size)
    : m_data(static_cast<char *>(::operator new(std::max<std::size_t>(size, 1), std::align_val_t(kAlignment))))
    , m_size(std::max<std::size_t>(size, 1))
{
    std::memset(m_data.get(), 0, m_size);
}

void PageBuffer::Free::operator()(char *p) const
{
    ::operator delete(p, std::align_val_t(kAlignment));
}

} // namespace tcptune
