#include "both_directions.h"

#include <QJsonArray>
#include <QtGlobal>

namespace tcptune::test {
namespace {

QString checkDirection(const QJsonObject &d, const QString &name, const DirectionExpectation &expected)
{
    if (d.value(QStringLiteral("direction")).toString() != name)
        return QStringLiteral("expected direction %1, got '%2'")
            .arg(name, d.value(QStringLiteral("direction")).toString());
    const double bps = d.value(QStringLiteral("throughput_bps")).toDouble();
    if (bps < expected.minBps || bps > expected.maxBps)
        return QStringLiteral("%1: %2 bit/s outside %3 to %4")
            .arg(name)
            .arg(bps)
            .arg(expected.minBps)
            .arg(expected.maxBps);
    if (d.value(QStringLiteral("samples_from")).toString() != expected.samplesFrom)
        return QStringLiteral("%1: samples from '%2'").arg(name, d.value(QStringLiteral("samples_from")).toString());
    const QJsonArray samples = d.value(QStringLiteral("samples")).toArray();
    if (samples.size() < expected.minSamples)
        return QStringLiteral("%1: %2 samples").arg(name).arg(samples.size());
    for (qsizetype i = 1; i < samples.size(); ++i)
        if (samples.at(i).toObject().value(QStringLiteral("t")).toDouble() <=
            samples.at(i - 1).toObject().value(QStringLiteral("t")).toDouble())
            return QStringLiteral("%1: sample %2 is not later than the one before").arg(name).arg(i);
    return {};
}

} // namespace

QString checkBothDirections(const QJsonObject &o, const char *what, const DirectionExpectation &up,
                            const DirectionExpectation &down)
{
    const QJsonArray directions = o.value(QStringLiteral("directions")).toArray();
    if (directions.size() != 2)
        return QStringLiteral("%1 directions instead of 2").arg(directions.size());
    qInfo("%s: up %.2f, down %.2f Mbit/s", what,
          directions.at(0).toObject().value(QStringLiteral("throughput_bps")).toDouble() / 1e6,
          directions.at(1).toObject().value(QStringLiteral("throughput_bps")).toDouble() / 1e6);
    if (QString e = checkDirection(directions.at(0).toObject(), QStringLiteral("up"), up); !e.isEmpty())
        return e;
    return checkDirection(directions.at(1).toObject(), QStringLiteral("down"), down);
}

} // namespace tcptune::test
