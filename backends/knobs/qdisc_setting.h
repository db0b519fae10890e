#pragma once
// The value of link.DEV.qdisc: a device's root qdisc with its parameters, written as a tc user
// writes it ("pfifo limit 1000", "tbf rate 50mbit burst 32kb latency 50ms", "fq_codel",
// "default"). Parsed into a kind and numbers in the kernel's units (bytes, bytes/s,
// microseconds), range-checked with the accepted form in every message, and printed back in one
// canonical form: what the helper journals and the snapshots store. "default [KIND]" is the
// root qdisc the kernel attaches by itself (noqueue, pfifo_fast, mq, ...): setting it deletes
// ours. The kernel keeps some numbers in coarser units (tbf's burst as time, codel's times in
// 1.024 us steps), so comparisons allow for its rounding (satisfies()).

#include "common/error.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>

namespace tcptune {

struct QdiscSetting {
    QString kind;               // "tbf", "pfifo", ...; with kernelDefault the kind it attached, or empty
    bool kernelDefault = false; // the kernel's own root qdisc, handle 0:
    // In the kind's order; bytes, bytes/s, microseconds or packets; a flag ("ecn") holds 1.
    QList<std::pair<QString, std::uint64_t>> parameters;

    std::optional<std::uint64_t> value(const QString &name) const;
    void set(const QString &name, std::uint64_t value);
};

class QdiscSettings final {
    Q_DECLARE_TR_FUNCTIONS(QdiscSettings)
public:
    // The kinds tcptune sets, in the order messages list them.
    static QStringList supportedKinds();
    // The kernel module of KIND ("sch_fq_codel"; pfifo and bfifo are sch_fifo).
    static QString moduleOf(const QString &kind);
    // "tbf rate RATE burst SIZE (latency TIME | limit SIZE)": what KIND accepts.
    static QString acceptedForm(const QString &kind);

    [[nodiscard]] static Result<QdiscSetting> parse(const QString &text);
    static QString canonical(const QdiscSetting &setting);
    // Whether ACTUAL (read back) is what REQUESTED asked for: the same kind, and each parameter
    // REQUESTED names equal, up to the kernel's rounding of times and tbf's burst.
    static bool satisfies(const QdiscSetting &actual, const QdiscSetting &requested);
    // The same on canonical texts; false when either does not parse.
    static bool satisfies(const QString &actual, const QString &requested);
};

} // namespace tcptune
