#include "delayed_pair.h"

#include "command_runner.h"
#include "test_paths.h"

#include <QDeadlineTimer>

namespace tcptune::test {

DelayedPair::DelayedPair(const QString &suffix, int subnet, int oneWayDelayMs)
    : NamespacePair(suffix, subnet)
{
    if (!m_a.ok() || !m_b.ok())
        return;
    const QString tunA = QStringLiteral("td%1a").arg(suffix.left(8));
    const QString tunB = QStringLiteral("td%1b").arg(suffix.left(8));
    m_error = startLine(tunA, tunB, oneWayDelayMs);
    if (m_error.isEmpty() && addressAndUp(m_a, tunA, addressA()))
        addressAndUp(m_b, tunB, addressB());
}

// The line creates the tun devices; it says "ready" once both exist.
QString DelayedPair::startLine(const QString &tunA, const QString &tunB, int oneWayDelayMs)
{
    m_line.start(binPath(QStringLiteral("tcptune-test-delay-line")),
                 {m_a.name(), tunA, m_b.name(), tunB, QString::number(oneWayDelayMs)});
    const QDeadlineTimer deadline(10000);
    while (!m_line.canReadLine() && m_line.state() != QProcess::NotRunning && !deadline.hasExpired())
        m_line.waitForReadyRead(100);
    if (m_line.readLine().trimmed() != "ready")
        return QStringLiteral("the delay line did not start: %1")
            .arg(QString::fromLocal8Bit(m_line.readAllStandardError()).trimmed());
    return {};
}

DelayedPair::~DelayedPair()
{
    stopProcess(m_line);
}

} // namespace tcptune::test
