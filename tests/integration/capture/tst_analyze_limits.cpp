// `tcptune analyze` is bounded by construction: no input makes it take more than 2 s of CPU per
// MB of capture or more than 100 MB of memory. Each class of hostile input (timestamps decades
// apart, a new flow in every packet, data never acknowledged, segments in reverse order, random
// garbage, tunnels, BIG TCP, damaged files) runs in a child process under RLIMIT_CPU (the time
// bound, from the file's size: a load-independent limit, not a timed assertion) and RLIMIT_AS (a
// safety net). Its peak resident memory comes from GNU time (a process's maxrss survives exec, so
// a child forked from this big test process cannot measure itself; time's own child can).

#include "capture_test_frames.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tcptune::test;

namespace {

const QString kCorpus = sourcePath(QStringLiteral("tests/data/capture-corpus"));
constexpr long kMaxRssKb = 100 * 1024;

struct ChildRun {
    bool exited = false;
    int exitCode = -1;
    QString terminated; // what GNU time says when a signal ended it
    long maxRssKb = 0;
    QByteArray out;
};

// Runs tcptune analyze --json FILE under GNU time with CPU_LIMIT_S seconds of CPU at most.
ChildRun analyseInChild(const QString &file, rlim_t cpuLimitS, const QString &scratch)
{
    const QByteArray binary = QFile::encodeName(binPath(QStringLiteral("tcptune")));
    const QByteArray path = QFile::encodeName(file);
    const QByteArray outPath = QFile::encodeName(scratch + QStringLiteral("/out.json"));
    const QByteArray usagePath = QFile::encodeName(scratch + QStringLiteral("/usage.txt"));
    const pid_t pid = ::fork();
    if (pid == 0) {
        const rlimit cpu{cpuLimitS, cpuLimitS};
        const rlimit as{rlim_t(2) << 30, rlim_t(2) << 30};
        ::setrlimit(RLIMIT_CPU, &cpu);
        ::setrlimit(RLIMIT_AS, &as);
        const int fd = ::open(outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(fd, 1);
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 2);
        ::execl("/usr/bin/time", "time", "-f", "%M", "-o", usagePath.constData(), binary.constData(), "analyze",
                "--json", path.constData(), static_cast<char *>(nullptr));
        ::_exit(127);
    }
    ChildRun r;
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid)
        return r;
    r.exited = WIFEXITED(status);
    r.exitCode = r.exited ? WEXITSTATUS(status) : -1;
    QFile usage(QString::fromLocal8Bit(usagePath));
    if (usage.open(QIODevice::ReadOnly)) {
        const QStringList lines = QString::fromUtf8(usage.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString &line : lines)
            if (line.startsWith(QLatin1String("Command")))
                r.terminated = line;
        if (!lines.isEmpty())
            r.maxRssKb = lines.last().toLong();
    }
    QFile out(QString::fromLocal8Bit(outPath));
    if (out.open(QIODevice::ReadOnly))
        r.out = out.readAll();
    return r;
}

QByteArray segment(quint32 src, quint16 sport, quint32 seq, quint8 flags, int payload)
{
    return ethernet(ipv4(src, 0x0a000002, tcpSegment(sport, 5201, seq, 1, flags, 512, payload)), 0x0800).left(54);
}

PcapRecord headersOnly(qint64 timeUs, const QByteArray &frame, int payload)
{
    return PcapRecord{timeUs, frame, quint32(frame.size() + payload), -1};
}

QByteArray timestampsApart()
{
    QRandomGenerator random(19);
    QList<PcapRecord> r;
    for (int i = 0; i < 100000; ++i)
        r << headersOnly(qint64(random.bounded(0xFFFFFFFFu)) * 1000000 + random.bounded(1000000),
                         segment(0x0a000001, 40000, quint32(1 + i * 1000), 0x10, 1000), 1000);
    return pcapFile(1, 54, r);
}

QByteArray newFlowEveryPacket()
{
    QList<PcapRecord> r;
    for (int i = 0; i < 400000; ++i)
        r << headersOnly(1700000000000000 + i,
                         segment(0x0b000000 + quint32(i / 60000), quint16(1024 + i % 60000), 7, 0x02, 0), 0);
    return pcapFile(1, 54, r);
}

QByteArray neverAcknowledged()
{
    QList<PcapRecord> r;
    for (int i = 0; i < 240000; ++i)
        r << headersOnly(1700000000000000 + i * 10,
                         segment(0x0a000001, quint16(40000 + i % 24), quint32(1 + (i / 24) * 1448), 0x10, 1448), 1448);
    return pcapFile(1, 54, r);
}

// 10000 segments in falling order, then 10000 ACKs: the unordered path of the sequence analysis.
QByteArray reverseOrder()
{
    QList<PcapRecord> r;
    const int n = 10000;
    for (int i = n - 1; i >= 0; --i)
        r << headersOnly(1700000000000000 + (n - i), segment(0x0a000001, 40000, quint32(1 + i * 100), 0x10, 100), 100);
    for (int i = 0; i < n; ++i)
        r << headersOnly(1700000000100000 + i,
                         ethernet(ipv4(0x0a000002, 0x0a000001,
                                       tcpSegment(5201, 40000, 1, quint32(1 + (i % 97) * 100), 0x10, 512, 0)),
                                  0x0800),
                         0);
    return pcapFile(1, 54, r);
}

QByteArray garbage()
{
    QRandomGenerator random(7);
    QList<PcapRecord> r;
    for (int i = 0; i < 100000; ++i) {
        QByteArray b(int(random.bounded(200)), Qt::Uninitialized);
        for (char &c : b)
            c = char(random.bounded(256));
        if (b.size() > 14 && i % 2) { // half of them look like IPv4 or a tunnel to the decoder
            b[12] = char(0x08);
            b[13] = char(i % 4 ? 0x00 : 0x47);
            b[14] = char(0x45);
        }
        r << PcapRecord{1700000000000000 + i, b, quint32(b.size() + random.bounded(70000)), -1};
    }
    return pcapFile(1, 262144, r);
}

} // namespace

class TestAnalyzeLimits final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void staysWithinTimeAndMemory_data();
    void staysWithinTimeAndMemory();
};

void TestAnalyzeLimits::staysWithinTimeAndMemory_data()
{
    QTest::addColumn<QByteArray>("content"); // written to a file; empty: use FILE
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("complete"); // the whole file analysed (not stopped by damage or the memory cap)
    QTest::addRow("timestamps a century apart") << timestampsApart() << QString() << true;
    QTest::addRow("one packet decades away")
        << QByteArray() << kCorpus + QStringLiteral("/time_far_outliers.pcap") << true;
    QTest::addRow("pcapng ticks beyond int64")
        << QByteArray() << kCorpus + QStringLiteral("/time_pcapng_huge_ticks.pcapng") << true;
    QTest::addRow("a new flow in every packet: memory cap") << newFlowEveryPacket() << QString() << false;
    QTest::addRow("data never acknowledged") << neverAcknowledged() << QString() << true;
    QTest::addRow("segments in reverse order") << reverseOrder() << QString() << true;
    QTest::addRow("random garbage") << garbage() << QString() << true;
    QTest::addRow("nested tunnels") << QByteArray() << kCorpus + QStringLiteral("/tunnel_nested.pcap") << true;
    QTest::addRow("malformed headers") << QByteArray() << kCorpus + QStringLiteral("/malformed_headers.pcap") << true;
    QTest::addRow("BIG TCP") << QByteArray() << kCorpus + QStringLiteral("/bigtcp_ipv6_jumbogram.pcap") << true;
    QTest::addRow("2 GB record length") << QByteArray() << kCorpus + QStringLiteral("/broken_huge_caplen.pcap")
                                        << false;
    QTest::addRow("cut short") << QByteArray() << kCorpus + QStringLiteral("/broken_truncated_data.pcap") << false;
    QTest::addRow("damaged pcapng block")
        << QByteArray() << kCorpus + QStringLiteral("/broken_pcapng_block_length.pcapng") << false;
}

void TestAnalyzeLimits::staysWithinTimeAndMemory()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, file);
    QFETCH(bool, complete);
    QTemporaryDir dir;
    if (file.isEmpty())
        file = writeFile(dir.path(), QStringLiteral("input.pcap"), content);
    const double megabytes = double(QFileInfo(file).size()) / 1e6;
    // 2 s per MB, plus 3 s for starting the program.
    const rlim_t cpuLimit = rlim_t(std::ceil(2.0 * megabytes)) + 3;
    const ChildRun r = analyseInChild(file, cpuLimit, dir.path());
    QVERIFY2(r.terminated.isEmpty(),
             qPrintable(r.terminated + QStringLiteral(" (SIGXCPU, SIGKILL: over %1 s of CPU)").arg(cpuLimit)));
    QVERIFY(r.exited);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.maxRssKb > 0);
    QVERIFY2(r.maxRssKb < kMaxRssKb, qPrintable(QStringLiteral("%1 kB resident").arg(r.maxRssKb)));
    const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(doc.value(QStringLiteral("complete")).toBool(), complete);
    if (!complete)
        QVERIFY(doc.value(QStringLiteral("problem")).toString().contains(QStringLiteral("byte offset")));
    qInfo("%.1f MB (CPU limit %d s): %ld kB resident", megabytes, int(cpuLimit), r.maxRssKb);
}

QTEST_GUILESS_MAIN(TestAnalyzeLimits)
#include "tst_analyze_limits.moc"
