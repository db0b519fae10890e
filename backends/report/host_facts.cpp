#include "report/host_facts.h"

#include "common/process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSysInfo>

#include <sys/utsname.h>

namespace tcptune::hostfacts {
namespace {

// HostFactsText::tr(): lupdate files this file's text under the context that tr() looks it up in.
class HostFactsText final {
    Q_DECLARE_TR_FUNCTIONS(HostFactsText)
};

QString readLine(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readLine()).trimmed();
}

// `tc qdisc show`: tc lives in /usr/sbin, which a user's PATH may lack.
[[nodiscard]] Result<QString> showQdiscs()
{
    QString tc = process::findIn(QStringLiteral("tc"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    if (tc.isEmpty())
        tc = process::findInPath(QStringLiteral("tc"));
    QString problem = HostFactsText::tr("tc is not installed");
    if (!tc.isEmpty()) {
        auto shown = process::run(tc, {QStringLiteral("qdisc"), QStringLiteral("show")}, 3000);
        if (shown && shown->succeeded())
            return QString::fromUtf8(shown->standardOutput);
        problem = shown ? QString::fromLocal8Bit(shown->standardError).trimmed() : shown.error().message;
    }
    return fail(HostFactsText::tr("`tc qdisc show` did not run (%1); install iproute2 to see qdiscs.").arg(problem));
}

} // namespace

QMap<QString, QString> parseTcQdiscShow(const QString &text)
{
    // "qdisc noqueue 0: dev lo root refcnt 2" / "qdisc tbf 8001: dev eth0 root refcnt 2 rate ..."
    static const QRegularExpression line(
        QRegularExpression::anchoredPattern(QStringLiteral(R"(qdisc\s+(\S+)\s+(\S+)\s+dev\s+(\S+)\s+(.*))")));
    QMap<QString, QString> out;
    for (const QString &l : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const auto m = line.match(l.trimmed());
        if (!m.hasMatch())
            continue;
        const QString rest = m.captured(4);
        if (!rest.startsWith(QLatin1String("root")))
            continue;
        out.insert(m.captured(3), m.captured(1) + QLatin1Char(' ') + rest.section(QLatin1Char(' '), 1));
    }
    return out;
}

HostFacts collect(const QString &sysfsNet)
{
    HostFacts facts;
    facts.hostname = QSysInfo::machineHostName();
    utsname u{};
    if (uname(&u) == 0) {
        facts.kernel = QString::fromLocal8Bit(u.release);
        facts.version = QString::fromLocal8Bit(u.version);
        facts.machine = QString::fromLocal8Bit(u.machine);
    }

    QMap<QString, QString> qdiscs;
    if (auto shown = showQdiscs())
        qdiscs = parseTcQdiscShow(*shown);
    else
        facts.qdiscProblem = shown.error().message;

    const QDir dir(sysfsNet);
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::System, QDir::Name)) {
        NicFacts nic;
        nic.name = name;
        const QString base = dir.filePath(name);
        const QFileInfo driver(base + QStringLiteral("/device/driver"));
        nic.driver = driver.exists() ? QFileInfo(driver.symLinkTarget()).fileName() : QStringLiteral("virtual");
        nic.mac = readLine(base + QStringLiteral("/address"));
        nic.mtu = readLine(base + QStringLiteral("/mtu")).toInt();
        const int speed = readLine(base + QStringLiteral("/speed")).toInt();
        if (speed > 0)
            nic.speed = QStringLiteral("%1 Mb/s").arg(speed);
        nic.operState = readLine(base + QStringLiteral("/operstate"));
        nic.qdisc = qdiscs.value(name);
        facts.nics << nic;
    }
    return facts;
}

} // namespace tcptune::hostfacts
