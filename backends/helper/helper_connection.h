#pragma once
// HelperConnection: the one line of a tcptune process to tcptune-helper. Everything that needs
// the helper (the knob panel, runs and sweeps, the lab, the CLI commands) is handed this object
// rather than starting a helper of its own: one password prompt per session, one journal. The
// helper starts on first use (again only if it died). Requests are served one at a time, in
// order, and each one's timeout counts from when it is sent, so a knob change waiting behind a
// lab build does not time out.
//
// Two ways in: the blocking calls, from any thread but the GUI's (the first one may wait for a
// password), or submit() from the GUI thread, which runs a job on the connection's own worker
// thread and hands its answer back on the caller's thread. Destroying the connection waits for
// the job in progress and closes the helper, which rolls back what it still has changed.

#include "common/capture_socket.h"
#include "common/error.h"
#include "common/mib_counters.h"
#include "common/netns.h"
#include "common/socket_tuning.h"
#include "helper/helper_client.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <memory>
#include <mutex>

namespace tcptune {

class HelperConnection final : public QObject {
    Q_OBJECT
public:
    explicit HelperConnection(const HelperStartOptions &options = {}, QObject *parent = nullptr);
    ~HelperConnection() override;

    // How the helper starts and where it is; takes effect at the next start.
    void setStartOptions(const HelperStartOptions &options);

    // Starts the helper unless it runs. Blocking.
    [[nodiscard]] Result<void> ensureStarted();
    // The helper's operations, as HelperClient has them. Blocking.
    [[nodiscard]] Result<QJsonObject> request(const QString &op, const QJsonObject &params = {}, int timeoutMs = 10000);
    [[nodiscard]] Result<QString> get(const QString &key, const QString &netns = {});
    [[nodiscard]] Result<KnobChange> set(const QString &key, const QString &value, const QString &netns = {},
                                         bool confirmed = false);
    [[nodiscard]] Result<KnobSnapshot> snapshot(const QString &netns = {});
    [[nodiscard]] Result<QList<KnobChange>> journal();
    // Rolls back every change the helper has made, whoever asked for it.
    [[nodiscard]] Result<RestoreReport> restore();
    // Puts back only CHANGES (in the order they were made), each to the value it had before,
    // unless someone else changed the knob since: what a run undoes of its own, leaving changes
    // made in the knob panel in place.
    [[nodiscard]] Result<RestoreReport> restore(const QList<KnobChange> &changes);

    // The unbound TCP sockets of REQUEST made by the helper inside its lab namespace and passed to
    // us (SCM_RIGHTS); the caller owns them. Blocking.
    [[nodiscard]] Result<QList<int>> labSockets(const netns::SocketRequest &request);
    // Where this process gets sockets inside a lab namespace: made here when it may enter one
    // (root), else by the helper (labSockets). Only the helper is privileged: docs/privileges.md.
    // The maker refers to this connection: it must not outlive it.
    netns::SocketMaker socketMaker();
    // Has the helper set OPTIONS on lab socket FD (the caller keeps FD): a congestion control or
    // send buffer the host's limits keep from the user. Blocking.
    [[nodiscard]] Result<void> tuneLabSocket(int fd, const netns::SocketOptions &options);
    // Who sets such options on a lab socket: empty when this process may itself (root), else the
    // helper (tuneLabSocket). Must not outlive this connection.
    netns::SocketTuner socketTuner();
    // A packet socket on a lab link made by the helper as REQUEST says and passed to us; the
    // caller owns it. Blocking.
    [[nodiscard]] Result<int> captureSocket(const capturesocket::Request &request);
    // Where this process gets a packet socket on a lab link: null when it may open one itself
    // (root: libpcap captures directly), else the helper (captureSocket). Must not outlive this.
    capturesocket::Maker captureSocketMaker();
    // The sysctls of NETNS: read here when this process may enter it (root), else by the helper.
    [[nodiscard]] Result<KnobSnapshot> readKnobs(const QString &netns);
    // The MIB counters of NETNS (common/mib_counters): read here when this process may enter it
    // (root), else by the helper (its mib_counters operation, lab namespaces only).
    [[nodiscard]] Result<mib::Counters> readCounters(const QString &netns);

    // What the helper rolled back when it started, from helpers that had died; empty before.
    RestoreReport recoveredAtStart() const;
    bool isRunning() const;
    // How the running helper was started: "direct", "pkexec", "sudo"; empty when none runs.
    QString launchMethod() const;

    // Runs on the connection's worker thread: a job that calls the blocking API and returns
    // what to do with the answer back on the caller's thread.
    using Job = std::function<std::function<void()>(HelperConnection &)>;
    // Queues JOB; what it returns runs on CONTEXT's thread, and not at all once CONTEXT is gone.
    void submit(QObject *context, Job job);
    // True while submitted jobs are queued or running.
    bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
    void busyChanged(bool busy);

private:
    // The running client, started when there is none or it died; call with m_turn held.
    [[nodiscard]] Result<HelperClient *> client();
    // Runs FN with the running client, in turn.
    template <typename T> [[nodiscard]] Result<T> call(const std::function<Result<T>(HelperClient &)> &fn);
    void jobDone();

    // Held for a whole request: the helper serves one at a time.
    std::mutex m_turn;
    // Guards m_client and m_options for the short reads of the state.
    mutable std::mutex m_state;
    std::unique_ptr<HelperClient> m_client;
    HelperStartOptions m_options;

    QThread m_thread;
    QObject *m_worker;
    int m_pending = 0; // GUI thread only
};

} // namespace tcptune
