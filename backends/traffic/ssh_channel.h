#pragma once
// The control channel to an ssh:// target: the system's OpenSSH client runs `tcptune serve
// --stdio` on the far host (the user's ssh config, agent and known_hosts apply; BatchMode, so
// it never asks for a password), and its pipes become one control socket (PipeBridge). When ssh
// fails, failure() turns its exit status and messages into one line that says what to do.

#include "common/error.h"
#include "common/process.h"
#include "traffic/pipe_bridge.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>

#include <memory>

namespace tcptune {

class SshChannel final {
    Q_DECLARE_TR_FUNCTIONS(SshChannel)
public:
    // Starts ssh for SPEC's target (kind Ssh), with -F SPEC.sshConfig when set.
    [[nodiscard]] static Result<std::unique_ptr<SshChannel>> start(const TrafficSpec &spec);
    ~SshChannel();
    SshChannel(const SshChannel &) = delete;
    SshChannel &operator=(const SshChannel &) = delete;

    int socket() const { return m_bridge->socket(); }

    // Why the channel ended, when ssh itself failed (log-in, host, far program), waiting up to
    // WAIT_MS for ssh to exit; an empty string when ssh did not fail.
    QString failure(int waitMs);

    // The ssh command line (for tests and messages).
    static QStringList arguments(const TrafficSpec &spec);
    // One line for ssh's exit STATUS and STDERR ("Permission denied (publickey)" and so on).
    static QString explain(const TrafficTarget &target, int status, const QByteArray &stderrText);

private:
    SshChannel() = default;
    TrafficTarget m_target;
    std::unique_ptr<process::PipedProcess> m_ssh;
    std::unique_ptr<PipeBridge> m_bridge;
};

} // namespace tcptune
