#include "helper_pipe.h"

#include "test_paths.h"

#include <QDeadlineTimer>
#include <QJsonDocument>

#include <unistd.h>

namespace tcptune::test {

QString helperBinary()
{
    return binPath(QStringLiteral("tcptune-helper"));
}

QString testJournalDir(const QString &name)
{
    return QStringLiteral("/run/tcptune/test-%1-%2").arg(name).arg(::getpid());
}

HelperPipe::HelperPipe(const QStringList &args, const QString &program, const QProcessEnvironment &env)
{
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(program, args);
    m_started = m_process.waitForStarted(10000);
}

HelperPipe::~HelperPipe()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
}

QByteArray HelperPipe::readLine(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!m_process.canReadLine()) {
        if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning)
            break;
        m_process.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime())));
    }
    if (!m_process.canReadLine())
        return {};
    return m_process.readLine().chopped(1);
}

QJsonObject HelperPipe::sendRaw(const QByteArray &bytes, int timeoutMs)
{
    m_process.write(bytes);
    m_process.waitForBytesWritten(timeoutMs);
    return QJsonDocument::fromJson(readLine(timeoutMs)).object();
}

QJsonObject HelperPipe::call(const QString &op, const QJsonObject &params, int timeoutMs)
{
    QJsonObject request{{QStringLiteral("id"), m_nextId++}, {QStringLiteral("op"), op}};
    if (!params.isEmpty())
        request.insert(QStringLiteral("params"), params);
    return sendRaw(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n', timeoutMs);
}

bool HelperPipe::closeAndWait(int timeoutMs)
{
    m_process.closeWriteChannel();
    return m_process.waitForFinished(timeoutMs);
}

} // namespace tcptune::test
