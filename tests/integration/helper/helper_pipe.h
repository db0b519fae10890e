#pragma once
// Drives the real tcptune-helper over its stdin/stdout, one JSON line at a time, with time
// limits everywhere; the journal goes to a test folder under /run/tcptune.

#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace tcptune::test {

QString helperBinary();
// /run/tcptune/test-<name>-<pid>: private to one test executable.
QString testJournalDir(const QString &name);

class HelperPipe final {
public:
    explicit HelperPipe(const QStringList &args, const QString &program = helperBinary(),
                        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    ~HelperPipe();

    bool started() const { return m_started; }
    QProcess &process() { return m_process; }
    qint64 pid() const { return m_process.processId(); }

    // Sends BYTES as they are and returns the next reply line parsed (empty object on timeout).
    QJsonObject sendRaw(const QByteArray &bytes, int timeoutMs = 10000);
    // {"id":ID,"op":OP,"params":PARAMS} and its reply.
    QJsonObject call(const QString &op, const QJsonObject &params = {}, int timeoutMs = 10000);
    // The next line on stdout (without newline); empty on timeout or EOF.
    QByteArray readLine(int timeoutMs = 10000);
    // Closes stdin and waits for the exit; true when it exited in time.
    bool closeAndWait(int timeoutMs = 10000);

private:
    QProcess m_process;
    bool m_started = false;
    int m_nextId = 1;
};

} // namespace tcptune::test
