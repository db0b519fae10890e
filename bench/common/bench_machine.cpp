#include "bench_machine.h"

#include <QFile>
#include <QSysInfo>
#include <QThread>

namespace tcptune::bench {
namespace {

QString cpuModel()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("unknown CPU");
    // /proc files have no size: read them whole rather than testing atEnd().
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("model name"))
            return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
    return QStringLiteral("unknown CPU");
}

QStringList loadAverages()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).split(QLatin1Char(' ')).mid(0, 3);
}

} // namespace

QString machineLine()
{
    return QStringLiteral("%1 cores (%2), kernel %3, load average %4")
        .arg(QThread::idealThreadCount())
        .arg(cpuModel(), QSysInfo::kernelVersion(), loadAverages().join(QLatin1Char(' ')));
}

void reportMachine(QTextStream &out, const QString &stage)
{
    out << "machine at " << stage << ": " << machineLine() << '\n';
    const double load = loadAverages().value(0).toDouble();
    if (load > 1.0)
        out << "WARNING: load average " << load
            << " is above 1: other work shares the CPUs, so these figures are not comparable; run again on a quiet "
               "machine.\n";
    out.flush();
}

void offscreenWithoutDisplay()
{
    if (!qEnvironmentVariableIsSet("DISPLAY") && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace tcptune::bench
