#include "scratch_namespace.h"

#include "command_runner.h"

#include <QProcess>

#include <csignal>

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

// The processes still inside go first: a deleted namespace lives on while they do, and an ssh
// client in it whose path went with the test would wait for its server for a quarter of an hour.
ScratchNamespace::~ScratchNamespace()
{
    const CommandResult pids =
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("pids"), m_name});
    for (const QByteArray &pid : pids.out.split('\n'))
        if (const int n = pid.trimmed().toInt(); n > 0)
            ::kill(pid_t(n), SIGKILL);
    ip({QStringLiteral("netns"), QStringLiteral("del"), m_name});
}

QString ScratchNamespace::exec(const QStringList &command) const
{
    QProcess p;
    p.start(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_name} + command);
    p.waitForFinished(30000);
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

NamespacePair::NamespacePair(const QString &suffix, int subnet)
    : m_a(suffix + QStringLiteral("a"))
    , m_b(suffix + QStringLiteral("b"))
    , m_subnet(subnet)
{
}

bool NamespacePair::addressAndUp(const ScratchNamespace &ns, const QString &device, const QString &address)
{
    m_error = ip({QStringLiteral("-n"), ns.name(), QStringLiteral("addr"), QStringLiteral("add"),
                  address + QStringLiteral("/24"), QStringLiteral("dev"), device});
    if (m_error.isEmpty())
        m_error = ip({QStringLiteral("-n"), ns.name(), QStringLiteral("link"), QStringLiteral("set"), device,
                      QStringLiteral("up")});
    return m_error.isEmpty();
}

ScratchPair::ScratchPair(const QString &suffix, int subnet)
    : NamespacePair(suffix, subnet)
{
    if (!m_a.ok() || !m_b.ok())
        return;
    const QString va = QStringLiteral("tt%1a").arg(suffix.left(8));
    const QString vb = QStringLiteral("tt%1b").arg(suffix.left(8));
    m_error = ip({QStringLiteral("link"), QStringLiteral("add"), va, QStringLiteral("netns"), m_a.name(),
                  QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), vb,
                  QStringLiteral("netns"), m_b.name()});
    if (m_error.isEmpty() && addressAndUp(m_a, va, addressA()))
        addressAndUp(m_b, vb, addressB());
}

} // namespace tcptune::test
