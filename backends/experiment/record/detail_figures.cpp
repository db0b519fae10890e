#include "experiment/record/detail_figures.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QStringList>

namespace tcptune {
namespace {

// SeveralEndsOutcome::tr(): the summary keeps the context its translations are filed under
// (tcptune_de.ts), that of the outcome that writes the figures it reads.
class SeveralEndsOutcome final {
    Q_DECLARE_TR_FUNCTIONS(SeveralEndsOutcome)
};

} // namespace

QList<DirectionFigure> directionFigures(const RunRecord &run)
{
    QList<DirectionFigure> out;
    for (const QJsonValue &v : run.details.value(QStringLiteral("directions")).toArray()) {
        const QJsonObject o = v.toObject();
        auto direction = parseDirection(o.value(QStringLiteral("direction")).toString());
        if (direction)
            out.append({*direction, o.value(QStringLiteral("throughput_bps")).toDouble()});
    }
    return out;
}

QString severalEndsSummary(const QJsonObject &details)
{
    const QJsonArray ends = details.value(QStringLiteral("targets")).toArray();
    if (ends.size() < 2)
        return {};
    const QLocale locale;
    QStringList parts;
    for (const QJsonValue &v : ends) {
        const QJsonObject e = v.toObject();
        parts << SeveralEndsOutcome::tr("%1 %2 Mbit/s (RTT median %3 ms)")
                     .arg(e.value(QStringLiteral("target")).toString(),
                          locale.toString(e.value(QStringLiteral("throughput_bps")).toDouble() / 1e6, 'f', 1),
                          locale.toString(e.value(QStringLiteral("rtt_median_ms")).toDouble(), 'f', 1));
    }
    return SeveralEndsOutcome::tr("%1; Jain's fairness index %2")
        .arg(parts.join(QStringLiteral(", ")),
             locale.toString(details.value(QStringLiteral("jain_fairness_index")).toDouble(), 'f', 2));
}

} // namespace tcptune
