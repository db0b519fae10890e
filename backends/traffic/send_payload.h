#pragma once
// The bytes of bulk streams and the call that hands them to the kernel, by the spec's send
// method: copy (send), zerocopy (send with MSG_ZEROCOPY: the kernel pins the buffer's pages and
// reports on the socket's error queue when it has let go of them) or sendfile (from a memfd
// holding one write's worth, or cyclically from a file the user names).
// The buffer is never written after setup, so a zerocopy send may reuse it before its completion
// arrives: completions are read to release the kernel's bookkeeping and to count the sends it
// copied after all (always so towards a local receiver), not to recycle memory.

#include "common/error.h"
#include "traffic/socket_util.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>

#include <memory>
#include <sys/types.h>
#include <vector>

namespace tcptune {

class SendPayload final {
    Q_DECLARE_TR_FUNCTIONS(SendPayload)

public:
    [[nodiscard]] static Result<std::unique_ptr<SendPayload>> create(const TrafficSpec &spec);

    // Prepares a data socket for the method (SO_ZEROCOPY for zerocopy).
    [[nodiscard]] Result<void> prepareSocket(int fd) const;
    // One call on the non-blocking FD of at most one write's worth. OFFSET is the stream's place
    // in the file (sendfile). Returns the bytes written, or -1 with errno set.
    ssize_t sendOnce(int fd, off_t &offset, SendCounters &counters) const;
    SendMethod method() const { return m_method; }

private:
    SendPayload() = default;
    [[nodiscard]] Result<void> openFile(const QString &path);
    [[nodiscard]] Result<void> fillMemfd();

    SendMethod m_method = SendMethod::Copy;
    std::size_t m_writeSize = 0;
    std::vector<char> m_buffer; // copy, zerocopy
    sock::Fd m_file;            // sendfile
    off_t m_fileSize = 0;
};

// Reads every zerocopy completion waiting on FD's error queue into COUNTERS. Fails with the
// socket's error when the queue held one instead (or the socket has failed).
[[nodiscard]] Result<void> readZerocopyCompletions(int fd, SendCounters &counters);

} // namespace tcptune
