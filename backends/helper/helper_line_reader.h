#pragma once
// Splits the helper's stdin byte stream into request lines, enforcing the protocol's length cap
// without ever buffering more than one capped line: an overlong line is reported once and its
// bytes are dropped up to the next newline. The fuzzer feeds it arbitrary chunks.

#include <QByteArray>

#include <cstddef>
#include <functional>

namespace tcptune {

class HelperLineReader final {
public:
    using LineHandler = std::function<void(const QByteArray &line)>;
    using OverlongHandler = std::function<void()>;

    explicit HelperLineReader(qsizetype maxLineBytes);

    // Feeds DATA; calls ON_LINE for each complete line (newline excluded) and ON_OVERLONG once
    // per line longer than the cap.
    void feed(const char *data, std::size_t size, const LineHandler &onLine, const OverlongHandler &onOverlong);
    // At EOF: whether an unterminated (and not overlong) rest is pending.
    bool hasPartial() const { return !m_buffer.isEmpty() && !m_discarding; }
    qsizetype buffered() const { return m_buffer.size(); }

private:
    qsizetype m_maxLineBytes;
    QByteArray m_buffer;
    bool m_discarding = false;
};

} // namespace tcptune
