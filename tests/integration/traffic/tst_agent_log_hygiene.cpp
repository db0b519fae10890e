// Log injection through a real `tcptune serve`: every field a reviewer forged lines with
// (workload, direction, congestion control, a knob value) carries a line feed, a carriage return,
// an ANSI colour, an OSC title ended by BEL and a right-to-left override (U+202E) to the agent;
// the agent refuses each start, and its stderr (its log) holds none of those bytes raw: each comes
// out escaped (\x0a, \x1b, \u202e...), and every line is one the agent began itself.

#include "command_runner.h"
#include "loopback_client.h"
#include "traffic/agent_protocol.h"

#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

namespace {

constexpr int kPort = 15247;

struct Forgery {
    const char *name;
    QString text;
    QByteArray rawBytes; // what must not reach the log (UTF-8)
    QString escaped;     // what the log shows instead
};

QList<Forgery> forgeries()
{
    return {
        {"line feed", QStringLiteral("x\nFORGED run finished"), "\nFORGED", QStringLiteral("x\\x0aFORGED")},
        {"carriage return", QStringLiteral("x\rFORGED"), "\r", QStringLiteral("x\\x0dFORGED")},
        {"ANSI colour", QStringLiteral("x\x1b[31mFORGED"), "\x1b", QStringLiteral("x\\x1b[31mFORGED")},
        {"OSC title", QStringLiteral("x\x1b]0;FORGED\x07"), "\x07", QStringLiteral("x\\x1b]0;FORGED\\x07")},
        {"RLO", QStringLiteral("x") + QChar(0x202e) + QStringLiteral("FORGED"), "\xe2\x80\xae",
         QStringLiteral("x\\u202eFORGED")},
    };
}

// A start whose FIELD holds VALUE; the rest is a valid bulk run.
QJsonObject startWith(const QString &field, const QString &value)
{
    QJsonObject start{{QStringLiteral("type"), QStringLiteral("start")},
                      {QStringLiteral("workload"), QStringLiteral("bulk")},
                      {QStringLiteral("streams"), 1},
                      {QStringLiteral("duration_s"), 1},
                      {QStringLiteral("omit_s"), 0},
                      {QStringLiteral("sample_ms"), 100},
                      {QStringLiteral("request_bytes"), 0},
                      {QStringLiteral("response_bytes"), 0},
                      {QStringLiteral("rcvbuf"), 0}};
    const QJsonObject sender{
        {QStringLiteral("workload"), QStringLiteral("bulk")},
        {QStringLiteral("write_size"), 131072},
        {QStringLiteral("header_size"), 1},
        {QStringLiteral("sndbuf"), 0},
        {QStringLiteral("notsent_lowat"), 0},
        {QStringLiteral("max_pacing_rate_bps"), 0},
        {QStringLiteral("congestion_control"), field == QLatin1String("congestion_control") ? value : QString()}};
    if (field == QLatin1String("workload"))
        start.insert(QStringLiteral("workload"), value);
    if (field == QLatin1String("direction"))
        start.insert(QStringLiteral("direction"), value);
    if (field == QLatin1String("congestion_control")) {
        start.insert(QStringLiteral("direction"), QStringLiteral("down"));
        start.insert(QStringLiteral("sender"), sender);
    }
    if (field == QLatin1String("knob value"))
        start.insert(QStringLiteral("knobs"), QJsonObject{{QStringLiteral("net.ipv4.tcp_congestion_control"), value}});
    return start;
}

} // namespace

class TestAgentLogHygiene final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void forgedFieldsComeOutEscaped();
};

void TestAgentLogHygiene::forgedFieldsComeOutEscaped()
{
    QProcess agent;
    agent.start(binary(QStringLiteral("tcptune")),
                {QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                 QStringLiteral("--port"), QString::number(kPort)});
    QVERIFY(agent.waitForReadyRead(10000)); // "listening on ..."
    const QStringList fields{QStringLiteral("workload"), QStringLiteral("direction"),
                             QStringLiteral("congestion_control"), QStringLiteral("knob value")};
    int refused = 0;
    for (const QString &field : fields) {
        for (const Forgery &f : forgeries()) {
            const int fd = connectLoopback(kPort);
            QVERIFY(fd >= 0);
            const QByteArray line = agentproto::encode(startWith(field, f.text));
            QCOMPARE(::send(fd, line.constData(), std::size_t(line.size()), MSG_NOSIGNAL), line.size());
            const QJsonObject reply = readJsonLine(fd);
            ::close(fd);
            QVERIFY2(reply.value(QStringLiteral("type")).toString() == QLatin1String("error"),
                     qPrintable(field + QLatin1Char(' ') + QLatin1String(f.name)));
            ++refused;
            QTest::qWait(150); // the gate logs at most 10 lines a second: every refusal gets its line
        }
    }
    agent.terminate();
    QVERIFY(agent.waitForFinished(10000));
    const QByteArray log = agent.readAllStandardError();
    for (const Forgery &f : forgeries())
        QVERIFY2(!log.contains(f.rawBytes), qPrintable(QLatin1String(f.name) + QLatin1String(" reached the log raw")));
    for (const char forbidden : {'\r', '\x1b', '\x07'})
        QVERIFY(!log.contains(forbidden));
    // Each forgery shows up escaped, once per field.
    const QString text = QString::fromUtf8(log);
    for (const Forgery &f : forgeries())
        QVERIFY2(text.count(f.escaped) >= fields.size(), qPrintable(QStringLiteral("%1: %2 times escaped in\n%3")
                                                                        .arg(QLatin1String(f.name))
                                                                        .arg(text.count(f.escaped))
                                                                        .arg(text)));
    // Every line is the agent's: a time stamp it wrote, or one of its own sentences.
    static const QRegularExpression own(QStringLiteral("^(\\d{4}-\\d\\d-\\d\\dT|No token|tcptune agent)"));
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        QVERIFY2(own.match(line).hasMatch(), qPrintable(line));
    QCOMPARE(refused, fields.size() * int(forgeries().size()));
}

QTEST_GUILESS_MAIN(TestAgentLogHygiene)
#include "tst_agent_log_hygiene.moc"
