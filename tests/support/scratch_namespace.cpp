#include "scratch_namespace.h"

#include <QProcess>

#include <unistd.h>

namespace tcptune::test {

QString ip(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral("ip"), args);
    if (!p.waitForFinished(10000))
        return QStringLiteral("ip %1: timed out").arg(args.join(u' '));
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("ip %1: %2")
            .arg(args.join(u' '), QString::fromLocal8Bit(p.readAllStandardError()).trimmed());
    return {};
}

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

ScratchNamespace::ScratchNamespace(const QString &suffix)
    : m_name(QStringLiteral("tcptune-t-") + suffix)
{
    ip({QStringLiteral("netns"), QStringLiteral("del"), m_name}); // a leftover of a crashed run
    m_error = ip({QStringLiteral("netns"), QStringLiteral("add"), m_name});
    if (m_error.isEmpty())
        m_error = ip({QStringLiteral("-n"), m_name, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"),
                      QStringLiteral("up")});
}

ScratchNamespace::~ScratchNamespace()
{
    ip({QStringLiteral("netns"), QStringLiteral("del"), m_name});
}

QString ScratchNamespace::exec(const QStringList &command) const
{
    QProcess p;
    p.start(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_name} + command);
    p.waitForFinished(30000);
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

ScratchPair::ScratchPair(const QString &suffix, int subnet)
    : m_a(suffix + QStringLiteral("a"))
    , m_b(suffix + QStringLiteral("b"))
    , m_subnet(subnet)
{
    if (!m_a.ok() || !m_b.ok())
        return;
    const QString va = QStringLiteral("tt%1a").arg(suffix.left(8));
    const QString vb = QStringLiteral("tt%1b").arg(suffix.left(8));
    const QList<QStringList> steps = {
        {QStringLiteral("link"), QStringLiteral("add"), va, QStringLiteral("netns"), m_a.name(), QStringLiteral("type"),
         QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), vb, QStringLiteral("netns"),
         m_b.name()},
        {QStringLiteral("-n"), m_a.name(), QStringLiteral("addr"), QStringLiteral("add"),
         addressA() + QStringLiteral("/24"), QStringLiteral("dev"), va},
        {QStringLiteral("-n"), m_b.name(), QStringLiteral("addr"), QStringLiteral("add"),
         addressB() + QStringLiteral("/24"), QStringLiteral("dev"), vb},
        {QStringLiteral("-n"), m_a.name(), QStringLiteral("link"), QStringLiteral("set"), va, QStringLiteral("up")},
        {QStringLiteral("-n"), m_b.name(), QStringLiteral("link"), QStringLiteral("set"), vb, QStringLiteral("up")},
    };
    for (const QStringList &step : steps) {
        m_error = ip(step);
        if (!m_error.isEmpty())
            return;
    }
}

} // namespace tcptune::test
