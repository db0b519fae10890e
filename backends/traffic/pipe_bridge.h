#pragma once
// Joins a pair of pipes (one to read, one to write) to one end of a socket pair, so that code
// written for a control socket (recv, send, poll) runs unchanged over them: `tcptune serve
// --stdio` over its stdin and stdout, and `ssh://` targets over the ssh client's pipes. Two
// threads copy bytes; when the read pipe ends, the socket's peer sees end-of-file; when the
// socket side closes, the write pipe is closed so the far end sees it too.

#include "common/error.h"
#include "traffic/socket_util.h"

#include <QCoreApplication>

#include <atomic>
#include <memory>
#include <thread>

namespace tcptune {

class PipeBridge final {
    Q_DECLARE_TR_FUNCTIONS(PipeBridge)
public:
    // READ_FD and WRITE_FD stay owned by the caller (the bridge writes to a copy of WRITE_FD);
    // READ_FD must stay open while the bridge lives.
    [[nodiscard]] static Result<std::unique_ptr<PipeBridge>> start(int readFd, int writeFd);
    ~PipeBridge(); // shuts the socket pair down and joins both threads
    PipeBridge(const PipeBridge &) = delete;
    PipeBridge &operator=(const PipeBridge &) = delete;

    // The socket to use as the control connection.
    int socket() const { return m_ours.get(); }

private:
    PipeBridge() = default;
    void copyIn();  // read pipe -> socket pair
    void copyOut(); // socket pair -> write pipe

    int m_readFd = -1;
    int m_writeFd = -1;
    sock::Fd m_ours;   // handed out
    sock::Fd m_theirs; // the bridge's end
    int m_wakeFds[2] = {-1, -1};
    std::thread m_in;
    std::thread m_out;
};

} // namespace tcptune
