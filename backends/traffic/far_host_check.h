#pragma once
// A connection test of an ssh:// target: ssh logs in and starts `tcptune serve --stdio` there
// (SshChannel, as a run does), both sides exchange versions, and the far agent describes its
// host (agent protocol "describe"): its version, kernel, knob values and whether its helper
// can set knobs. Every failure is one line that says what to do. start() runs it on a thread of
// its own and hands the answer back on the caller's thread, so a window never freezes.

#include "common/error.h"
#include "traffic/agent_protocol.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QObject>

class QThread;

namespace tcptune {

class FarHostCheck final : public QObject {
    Q_OBJECT
public:
    explicit FarHostCheck(QObject *parent = nullptr);
    ~FarHostCheck() override; // waits for a check in progress (bounded by its timeouts)

    // Blocking: SPEC's target must be an ssh:// one. Answers within about 10 s.
    [[nodiscard]] static Result<agentproto::HostDescription> run(TrafficSpec spec);

    // Starts run(SPEC) on a worker thread; false while a check is in progress.
    bool start(const TrafficSpec &spec);
    bool isBusy() const { return m_thread != nullptr; }

Q_SIGNALS:
    // One of the two, on the thread that called start().
    void described(const tcptune::agentproto::HostDescription &description);
    void failed(const QString &message);

private:
    QThread *m_thread = nullptr;
};

} // namespace tcptune
