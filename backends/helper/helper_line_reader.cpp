#include "helper/helper_line_reader.h"

#include <cstring>

namespace tcptune {

HelperLineReader::HelperLineReader(qsizetype maxLineBytes)
    : m_maxLineBytes(maxLineBytes)
{
    m_buffer.reserve(maxLineBytes + 1);
}

void HelperLineReader::feed(const char *data, std::size_t size, const LineHandler &onLine,
                            const OverlongHandler &onOverlong)
{
    std::size_t at = 0;
    while (at < size) {
        const void *found = std::memchr(data + at, '\n', size - at);
        const std::size_t end = found ? std::size_t(static_cast<const char *>(found) - data) : size;
        if (!m_discarding) {
            const qsizetype room = m_maxLineBytes - m_buffer.size();
            const qsizetype piece = qsizetype(end - at);
            if (piece > room) {
                onOverlong();
                m_buffer.clear();
                m_discarding = true;
            } else {
                m_buffer.append(data + at, piece);
            }
        }
        if (!found)
            return;
        if (!m_discarding)
            onLine(m_buffer);
        m_buffer.clear();
        m_discarding = false;
        at = end + 1;
    }
}

} // namespace tcptune
