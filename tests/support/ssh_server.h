#pragma once
// An OpenSSH server for tests of ssh:// targets: `sshd -D` inside a namespace the test made,
// with a generated host key, a generated client key it accepts, a stranger's key it does not,
// and generated client configs for --ssh-config. Nothing touches the machine's sshd or ~/.ssh.

#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace tcptune::test {

class SshServer final {
public:
    // sshd listens on ADDRESS:PORT inside NETNS once start() succeeded; the accepted key logs in
    // as USER (a user other than root reads the authorized keys itself: they are world-readable).
    SshServer(const QString &netns, const QString &address, int port, const QString &user = QStringLiteral("root"));
    ~SshServer(); // stops sshd
    SshServer(const SshServer &) = delete;
    SshServer &operator=(const SshServer &) = delete;

    // Generates the keys and configs and starts sshd; an empty string, or what went wrong.
    QString start();

    // "ssh://USER@ADDRESS:PORT"
    QString target() const;
    // Client config that logs in with the accepted key, and one with a key sshd does not know.
    QString clientConfig() const { return path(QStringLiteral("ssh_config")); }
    QString strangerConfig() const { return path(QStringLiteral("stranger_config")); }
    // TCP ports listening in the namespace (sshd's and any agent's data port).
    QStringList listeningPorts() const;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private:
    QString writeConfigs();
    bool writeFile(const QString &name, const QByteArray &text, bool everyoneReads = false) const;

    QString m_netns;
    QString m_address;
    int m_port;
    QString m_user;
    QTemporaryDir m_dir;
    QProcess m_sshd;
};

// Writes a client config to PATH that logs in to every one of SERVERS with its accepted key and
// knows all their host keys (for one command that reaches several of them, e.g. several ends).
bool writeSharedClientConfig(const QString &path, const QList<const SshServer *> &servers);

// `ip` arguments that run the build's tcptune with ARGS inside CLIENT_NETNS, where ssh:// targets
// start REMOTE_PROGRAM (default: the build's tcptune) on the far end: the far host is this machine.
QStringList tcptuneOverSsh(const QString &clientNetns, const QStringList &args, const QString &remoteProgram = {});

} // namespace tcptune::test
