#include "capture/tcp_flow_analyzer.h"

#include <QCoreApplication>

namespace tcptune {

Result<CaptureAnalysis> analyzeCapture(const QString &path, const AnalysisOptions &, const ProgressCallback &,
                                       const std::atomic_bool *)
{
    return fail(QCoreApplication::translate("TcpFlowAnalyzer", "Cannot analyse %1 yet.").arg(path));
}

QStringList supportedLinkTypes()
{
    return {QStringLiteral("EN10MB"), QStringLiteral("LINUX_SLL"), QStringLiteral("LINUX_SLL2"),
            QStringLiteral("RAW"),    QStringLiteral("IPV4"),      QStringLiteral("IPV6"),
            QStringLiteral("NULL"),   QStringLiteral("LOOP")};
}

} // namespace tcptune
