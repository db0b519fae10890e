#include "ssh_server.h"

#include "command_runner.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QThread>

namespace tcptune::test {

SshServer::SshServer(const QString &netns, const QString &address, int port, const QString &user)
    : m_netns(netns)
    , m_address(address)
    , m_port(port)
    , m_user(user)
{
}

SshServer::~SshServer()
{
    stopProcess(m_sshd);
}

QString SshServer::target() const
{
    return QStringLiteral("ssh://%1@%2:%3").arg(m_user, m_address).arg(m_port);
}

bool SshServer::writeFile(const QString &name, const QByteArray &text, bool everyoneReads) const
{
    QFile f(path(name));
    const QFileDevice::Permissions others =
        everyoneReads ? QFileDevice::ReadGroup | QFileDevice::ReadOther : QFileDevice::Permissions();
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() &&
           f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | others);
}

QStringList SshServer::listeningPorts() const
{
    const CommandResult r = runCommand(
        QStringLiteral("ip"),
        {QStringLiteral("netns"), QStringLiteral("exec"), m_netns, QStringLiteral("ss"), QStringLiteral("-Htln")},
        10000);
    QStringList ports;
    for (const QByteArray &line : r.out.split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() >= 4)
            ports << QString::fromUtf8(fields.at(3).mid(fields.at(3).lastIndexOf(':') + 1));
    }
    return ports;
}

// Keys, authorized_keys, known_hosts, sshd_config and the two client configs.
QString SshServer::writeConfigs()
{
    if (!m_dir.isValid())
        return QStringLiteral("no temporary folder");
    for (const QString &key :
         {QStringLiteral("host_key"), QStringLiteral("client_key"), QStringLiteral("stranger_key")})
        if (runCommand(QStringLiteral("ssh-keygen"),
                       {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                        QString(), QStringLiteral("-C"), key, QStringLiteral("-f"), path(key)})
                .exitCode != 0)
            return QStringLiteral("ssh-keygen failed");
    QFile pub(path(QStringLiteral("client_key.pub")));
    QFile hostPub(path(QStringLiteral("host_key.pub")));
    if (!pub.open(QIODevice::ReadOnly) || !hostPub.open(QIODevice::ReadOnly))
        return QStringLiteral("the generated keys are missing");
    const QString common = QStringLiteral("  UserKnownHostsFile %1\n  GlobalKnownHostsFile /dev/null\n"
                                          "  StrictHostKeyChecking yes\n  IdentitiesOnly yes\n  IdentityAgent none\n")
                               .arg(path(QStringLiteral("known_hosts")));
    // sshd reads a user's authorized keys as that user: the folder lets everyone through (not
    // list it), the public keys are readable, the private keys stay the owner's.
    QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                            QFileDevice::ExeGroup | QFileDevice::ExeOther);
    const bool written =
        writeFile(QStringLiteral("authorized_keys"), pub.readAll(), true) &&
        writeFile(QStringLiteral("known_hosts"),
                  QStringLiteral("[%1]:%2 ").arg(m_address).arg(m_port).toUtf8() + hostPub.readAll()) &&
        writeFile(QStringLiteral("sshd_config"),
                  QStringLiteral("Port %1\nListenAddress %2\nHostKey %3\nPidFile %4\n"
                                 "AuthorizedKeysFile %5\nStrictModes no\nUsePAM no\n"
                                 "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                                 "PermitRootLogin prohibit-password\n")
                      .arg(m_port)
                      .arg(m_address, path(QStringLiteral("host_key")), path(QStringLiteral("sshd.pid")),
                           path(QStringLiteral("authorized_keys")))
                      .toUtf8()) &&
        writeFile(QStringLiteral("ssh_config"),
                  (QStringLiteral("Host *\n  IdentityFile ") + path(QStringLiteral("client_key")) + u'\n' + common)
                      .toUtf8()) &&
        writeFile(QStringLiteral("stranger_config"),
                  (QStringLiteral("Host *\n  IdentityFile ") + path(QStringLiteral("stranger_key")) + u'\n' + common)
                      .toUtf8());
    return written ? QString() : QStringLiteral("cannot write the ssh configs");
}

QString SshServer::start()
{
    if (!QFile::exists(QStringLiteral("/usr/sbin/sshd")))
        return QStringLiteral("openssh-server is missing; run scripts/install-deps");
    if (const QString problem = writeConfigs(); !problem.isEmpty())
        return problem;
    // sshd wants its privilege separation folder; the package's service makes the same one.
    QDir().mkpath(QStringLiteral("/run/sshd"));
    m_sshd.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_sshd.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_netns,
                                        QStringLiteral("/usr/sbin/sshd"), QStringLiteral("-D"), QStringLiteral("-e"),
                                        QStringLiteral("-f"), path(QStringLiteral("sshd_config"))});
    if (!m_sshd.waitForStarted(5000))
        return QStringLiteral("sshd did not start");
    const QDeadlineTimer deadline(10000);
    while (!listeningPorts().contains(QString::number(m_port))) {
        if (deadline.hasExpired() || m_sshd.state() == QProcess::NotRunning)
            return QStringLiteral("sshd does not listen on port %1").arg(m_port);
        QThread::msleep(100);
    }
    return {};
}

bool writeSharedClientConfig(const QString &path, const QList<const SshServer *> &servers)
{
    QString identities;
    QStringList knownHosts;
    for (const SshServer *server : servers) {
        identities += QStringLiteral("  IdentityFile %1\n").arg(server->path(QStringLiteral("client_key")));
        knownHosts << server->path(QStringLiteral("known_hosts"));
    }
    const QString text = QStringLiteral("Host *\n%1  UserKnownHostsFile %2\n  GlobalKnownHostsFile /dev/null\n"
                                        "  StrictHostKeyChecking yes\n  IdentitiesOnly yes\n  IdentityAgent none\n")
                             .arg(identities, knownHosts.join(QLatin1Char(' ')));
    QFile f(path);
    const QByteArray bytes = text.toUtf8();
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() &&
           f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QStringList tcptuneOverSsh(const QString &clientNetns, const QStringList &args, const QString &remoteProgram)
{
    const QString program = remoteProgram.isEmpty() ? binary(QStringLiteral("tcptune")) : remoteProgram;
    return QStringList{QStringLiteral("netns"),
                       QStringLiteral("exec"),
                       clientNetns,
                       QStringLiteral("env"),
                       QStringLiteral("TCPTUNE_REMOTE_PROGRAM=") + program,
                       binary(QStringLiteral("tcptune"))} +
           args;
}

} // namespace tcptune::test
