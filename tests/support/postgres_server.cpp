#include "postgres_server.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

namespace tcptune::test {

namespace {

const char kAccount[] = "postgres";
const char kPassword[] = "tcptune-test-password";

bool giveToAccount(const QString &path)
{
    const passwd *account = ::getpwnam(kAccount);
    return account && ::chown(QFile::encodeName(path).constData(), account->pw_uid, account->pw_gid) == 0;
}

bool writePrivate(const QString &path, const QByteArray &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size())
        return false;
    // libpq ignores a password file that others may read.
    return file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QString serverPrograms()
{
    QString bin;
    for (const QString &version : {QStringLiteral("15"), QStringLiteral("16"), QStringLiteral("17")})
        if (QFileInfo::exists(QStringLiteral("/usr/lib/postgresql/%1/bin/initdb").arg(version)))
            bin = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(version);
    return bin;
}

} // namespace

PostgresServer::PostgresServer()
    : m_temporary(std::in_place)
    , m_folder(m_temporary->path())
    , m_bin(serverPrograms())
    // Only the socket's file name holds the port, in a folder of our own: any number is free.
    , m_port(54000 + int(::getpid() % 1000))
{
}

PostgresServer::PostgresServer(const QString &folder)
    : m_folder(QFileInfo(folder).absoluteFilePath())
    , m_bin(serverPrograms())
    , m_port(54000 + int(::getpid() % 1000))
    , m_initialised(QFileInfo::exists(data() + QStringLiteral("/PG_VERSION")))
{
}

PostgresServer::~PostgresServer()
{
    if (m_running)
        (void)run({m_bin + QStringLiteral("/pg_ctl"), QStringLiteral("-D"), data(), QStringLiteral("-m"),
                   QStringLiteral("immediate"), QStringLiteral("stop")});
}

QString PostgresServer::run(const QStringList &asPostgres, int timeoutMs) const
{
    QProcess process;
    process.setWorkingDirectory(m_folder);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("runuser"),
                  QStringList{QStringLiteral("-u"), QString::fromLatin1(kAccount), QStringLiteral("--")} + asPostgres);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 took over %2 ms").arg(asPostgres.first()).arg(timeoutMs);
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 failed: %2")
            .arg(asPostgres.join(QLatin1Char(' ')), QString::fromLocal8Bit(process.readAll()));
    return {};
}

QString PostgresServer::initialise()
{
    if (m_bin.isEmpty())
        return QStringLiteral("no PostgreSQL server here: install postgresql-15 (scripts/install-deps does)");
    if (!::getpwnam(kAccount))
        return QStringLiteral("no account '%1': install postgresql-15, whose package makes it")
            .arg(QString::fromLatin1(kAccount));
    // The account must reach its folders inside root's private temporary folder.
    if ((m_temporary ? !m_temporary->isValid() : !QDir().mkpath(m_folder)) ||
        !QFile::setPermissions(m_folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                             QFileDevice::ExeGroup | QFileDevice::ExeOther))
        return QStringLiteral("cannot prepare %1").arg(m_folder);
    const QString pwfile = file(QStringLiteral("initdb-password"));
    if (!QDir().mkpath(socketFolder()) || !giveToAccount(socketFolder()) || !QDir().mkpath(data()) ||
        !giveToAccount(data()) ||
        !QFile::setPermissions(data(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner) ||
        !writePrivate(pwfile, QByteArray(kPassword) + '\n') || !giveToAccount(pwfile))
        return QStringLiteral("cannot prepare the server's folders in %1").arg(m_folder);
    if (QString error = run({m_bin + QStringLiteral("/initdb"), QStringLiteral("-D"), data(), QStringLiteral("-U"),
                             QStringLiteral("tcptune"), QStringLiteral("--pwfile=") + pwfile,
                             QStringLiteral("--auth=scram-sha-256"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                             QStringLiteral("--no-sync")});
        !error.isEmpty())
        return error;
    m_initialised = true;
    return {};
}

QString PostgresServer::writePasswordFiles() const
{
    // At every start: a kept folder's server listens on this process's port.
    const QByteArray entry = QStringLiteral("*:%1:*:tcptune:").arg(m_port).toUtf8();
    if (!writePrivate(passwordFile(), entry + kPassword + '\n') ||
        !writePrivate(wrongPasswordFile(), entry + "not-the-password\n"))
        return QStringLiteral("cannot write the password files");
    return {};
}

QString PostgresServer::start()
{
    if (!m_initialised)
        if (QString error = initialise(); !error.isEmpty())
            return error;
    if (QString error = writePasswordFiles(); !error.isEmpty())
        return error;
    // A kept folder's server that a killed process left running holds the cluster: stop it first.
    if (!m_temporary && QFileInfo::exists(data() + QStringLiteral("/postmaster.pid")))
        (void)stop();
    const QString options =
        QStringLiteral("-p %1 -k %2 -c listen_addresses='' -c fsync=off").arg(m_port).arg(socketFolder());
    if (QString error = run({m_bin + QStringLiteral("/pg_ctl"), QStringLiteral("-D"), data(), QStringLiteral("-l"),
                             file(QStringLiteral("sockets/server.log")), QStringLiteral("-o"), options,
                             QStringLiteral("-w"), QStringLiteral("start")});
        !error.isEmpty())
        return error;
    m_running = true;
    return {};
}

QString PostgresServer::stop()
{
    m_running = false;
    return run({m_bin + QStringLiteral("/pg_ctl"), QStringLiteral("-D"), data(), QStringLiteral("-m"),
                QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("stop")});
}

QString PostgresServer::kill()
{
    QFile pidFile(data() + QStringLiteral("/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return QStringLiteral("no postmaster.pid: the server does not run");
    const pid_t pid = pid_t(pidFile.readLine().trimmed().toInt());
    if (pid <= 0 || ::kill(pid, SIGKILL) != 0)
        return QStringLiteral("cannot kill the postmaster %1").arg(pid);
    m_running = false;
    // Its backends notice the postmaster's death and leave by themselves.
    return {};
}

QString PostgresServer::createDatabase(const QString &name)
{
    QProcess psql;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PGPASSFILE"), passwordFile());
    psql.setProcessEnvironment(env);
    psql.setProcessChannelMode(QProcess::MergedChannels);
    psql.start(m_bin + QStringLiteral("/psql"),
               {QStringLiteral("-h"), socketFolder(), QStringLiteral("-p"), QString::number(m_port),
                QStringLiteral("-U"), QStringLiteral("tcptune"), QStringLiteral("-d"), QStringLiteral("postgres"),
                QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-c"),
                QStringLiteral("CREATE DATABASE \"%1\"").arg(name)});
    if (!psql.waitForFinished(30000) || psql.exitCode() != 0)
        return QStringLiteral("CREATE DATABASE %1 failed: %2").arg(name, QString::fromLocal8Bit(psql.readAll()));
    return {};
}

QString PostgresServer::storeAddress(const QString &name) const
{
    return QStringLiteral("postgresql://tcptune@localhost:%1/%2?host=%3").arg(m_port).arg(name, socketFolder());
}

} // namespace tcptune::test
