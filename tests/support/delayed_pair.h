#pragma once
// Two namespaces joined through a delay line (tcptune-test-delay-line): a = 198.18.X.1/24 and
// b = 198.18.X.2/24 on tun devices, each packet held ONE_WAY_DELAY_MS on its way, so the round
// trip is twice that, on kernels without netem. Needs root; the line and the namespaces go with
// the object.

#include "scratch_namespace.h"

#include <QProcess>

namespace tcptune::test {

class DelayedPair final : public NamespacePair {
public:
    DelayedPair(const QString &suffix, int subnet, int oneWayDelayMs);
    ~DelayedPair();
    DelayedPair(const DelayedPair &) = delete;
    DelayedPair &operator=(const DelayedPair &) = delete;

private:
    QString startLine(const QString &tunA, const QString &tunB, int oneWayDelayMs);

    QProcess m_line;
};

} // namespace tcptune::test
