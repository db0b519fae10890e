#pragma once
// The statistics of a qdisc as the kernel keeps them, what `tc -s qdisc show` prints: bytes and
// packets sent, drops, overlimits, requeues, and the backlog now (bytes, packets). Read over
// rtnetlink (RTM_GETQDISC) on a socket made inside the qdisc's namespace: a netlink socket stays
// bound to the namespace it was made in, so one socket serves every reading of a run, from any
// thread, at one request and one reply each, without starting a program. The one reader of
// qdisc statistics in tcptune: the queue series of runs, `tcptune lab status` and the helper's
// lab_status and qdisc_stats operations all use it.
//
// Reading needs no privilege; making the socket inside a lab namespace does (setns, root).
// Without root the caller asks tcptune-helper's qdisc_stats operation, which uses this reader.

#include "common/error.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <memory>

namespace tcptune {

struct QdiscStats {
    QString kind; // "tbf", "netem", "noqueue", ...
    quint32 handle = 0;
    quint32 parent = 0;
    qint64 bytes = 0; // sent
    qint64 packets = 0;
    qint64 drops = 0;
    qint64 overlimits = 0;
    qint64 requeues = 0;
    qint64 backlogBytes = 0; // queued now
    qint64 backlogPackets = 0;
};

// {"kind", "bytes", "packets", "drops", "overlimits", "requeues", "backlog", "qlen"}: the names
// `tc -s -j qdisc show` uses.
QJsonObject toJson(const QdiscStats &stats);
QdiscStats qdiscStatsFromJson(const QJsonObject &json);

// Parses one RTM_NEWQDISC message, netlink header included. Fails on anything else.
[[nodiscard]] Result<QdiscStats> parseQdiscMessage(QByteArrayView message);

class QdiscStatsReader final {
    Q_DECLARE_TR_FUNCTIONS(QdiscStatsReader)
public:
    // A reader of the root qdisc of INTERFACE in namespace NETNS (empty: the caller's own).
    [[nodiscard]] static Result<std::unique_ptr<QdiscStatsReader>> open(const QString &netns, const QString &interface);
    ~QdiscStatsReader();
    QdiscStatsReader(const QdiscStatsReader &) = delete;
    QdiscStatsReader &operator=(const QdiscStatsReader &) = delete;

    // One request, one reply. Not for two threads at once.
    [[nodiscard]] Result<QdiscStats> readRoot();

    QString netns() const { return m_netns; }
    QString interface() const { return m_interface; }

private:
    QdiscStatsReader() = default;

    int m_fd = -1;
    int m_ifindex = 0;
    quint32 m_sequence = 0;
    QString m_netns;
    QString m_interface;
};

} // namespace tcptune
