// Story 5 as on the NAS (issue 12, point 5): the story 5 preset over ssh with the far host
// sending (`direction: down`), in the routed lab the preset describes (50 Mbit/s, a 2 MiB
// bottleneck queue), cubic at the far sender. An OpenSSH server runs in the lab's server
// namespace (generated keys and configs, nothing of the machine's ssh), `tcptune sweep` runs in
// the client namespace against ssh://root@server and sweeps the far end's SO_SNDBUF from 64 KiB
// to 1 MiB: the table names that end in its row label, the far sender measured every run, and
// the bigger window fills the queue: RTT at 1 MiB at least 3x the RTT at 64 KiB.

#include "command_runner.h"
#include "test_paths.h"
#include "scratch_namespace.h"
#include "send_window_bloat.h"
#include "ssh_server.h"

#include "lab/lab_layout.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-far5");
constexpr int kSshPort = 2222;

bool labExists()
{
    return QDir(QStringLiteral("/run/netns")).exists(QStringLiteral("tcptune-%1-server").arg(kLab));
}

void removeLab()
{
    if (labExists())
        runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), kLab}, 60000);
}

QJsonObject presetFive()
{
    QFile f(sourcePath(QStringLiteral("resources/presets/story5-send-window.json")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Whether RUN's sending end was the far host (its end record "remote" says "sender").
bool farEndSent(const QJsonObject &run)
{
    for (const QJsonValue &v : run.value(QStringLiteral("ends")).toArray())
        if (v.toObject().value(QStringLiteral("end")).toString() == QLatin1String("remote"))
            return v.toObject().value(QStringLiteral("sender")).toBool();
    return false;
}

} // namespace

class TestFarSendWindow final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void presetFiveOverSsh();

private:
    QString writeSpec(const QJsonObject &preset);
    QStringList markdownRows(const QByteArray &out) const;

    QTemporaryDir m_dir;
    QJsonObject m_preset;
    LabLayout m_layout;
    std::unique_ptr<SshServer> m_sshd;
};

void TestFarSendWindow::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper and sshd runs in its server namespace");
    QVERIFY(m_dir.isValid());
    m_preset = presetFive();
    const QJsonObject knobs = m_preset.value(QStringLiteral("knobs")).toObject();
    QCOMPARE(knobs.value(QStringLiteral("lab.topology")).toString(), QStringLiteral("routed"));
    // As on the NAS the far end sends: the preset says so itself.
    QCOMPARE(m_preset.value(QStringLiteral("workload")).toObject().value(QStringLiteral("direction")).toString(),
             QStringLiteral("down"));
    removeLab();
    // The lab the preset describes, built as a user builds it.
    const CommandResult up =
        runTcptune({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), kLab,
                    QStringLiteral("--topology"), knobs.value(QStringLiteral("lab.topology")).toString(),
                    QStringLiteral("--rate"), knobs.value(QStringLiteral("lab.rate")).toString(),
                    QStringLiteral("--queue"), knobs.value(QStringLiteral("lab.queue")).toString()},
                   90000);
    QVERIFY2(up.exitCode == 0, up.err.constData());
    m_layout = layoutFor(kLab, LabTopology::Routed);
    m_sshd = std::make_unique<SshServer>(m_layout.serverNetns, m_layout.serverAddress, kSshPort);
    const QString problem = m_sshd->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestFarSendWindow::cleanupTestCase()
{
    m_sshd.reset();
    if (runningAsRoot())
        removeLab();
}

// The preset against the far host (its direction down: the far host sends): its lab parameters
// made the lab above, its sweep runs 64 KiB .. 1 MiB of its values.
QString TestFarSendWindow::writeSpec(const QJsonObject &preset)
{
    QJsonObject spec = preset;
    QJsonObject knobs = spec.value(QStringLiteral("knobs")).toObject();
    for (const QString &key : knobs.keys())
        if (key.startsWith(QLatin1String("lab.")))
            knobs.remove(key);
    spec.insert(QStringLiteral("knobs"), knobs);
    spec.insert(QStringLiteral("target"), m_sshd->target());
    QJsonObject sweep = spec.value(QStringLiteral("sweep")).toObject();
    QJsonObject axis = sweep.value(QStringLiteral("axes")).toArray().first().toObject();
    QJsonArray values;
    for (const QJsonValue &v : axis.value(QStringLiteral("values")).toArray()) {
        values.append(v);
        if (v.toString() == QLatin1String("1M"))
            break;
    }
    axis.insert(QStringLiteral("values"), values);
    sweep.insert(QStringLiteral("axes"), QJsonArray{axis});
    spec.insert(QStringLiteral("sweep"), sweep);
    const QString path = m_dir.filePath(QStringLiteral("story5-far.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return {};
    return path;
}

// The Markdown table's rows: header first, each as its cells.
QStringList TestFarSendWindow::markdownRows(const QByteArray &out) const
{
    QStringList rows;
    for (const QString &line : QString::fromUtf8(out).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("| ")))
            rows << line.section(QLatin1Char('|'), 1, 1).trimmed();
    return rows;
}

void TestFarSendWindow::presetFiveOverSsh()
{
    const QString spec = writeSpec(m_preset);
    QVERIFY(!spec.isEmpty());
    const QString outDir = m_dir.filePath(QStringLiteral("out"));
    const CommandResult r =
        runCommand(QStringLiteral("ip"),
                   tcptuneOverSsh(m_layout.clientNetns,
                                  {QStringLiteral("sweep"), spec, QStringLiteral("--ssh-config"),
                                   m_sshd->clientConfig(), QStringLiteral("--db"),
                                   m_dir.filePath(QStringLiteral("results.db")), QStringLiteral("--out"), outDir}),
                   170000);
    QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
    qInfo().noquote() << QString::fromUtf8(r.out);
    // The row label is the far end's send buffer, one row per value.
    QCOMPARE(markdownRows(r.out),
             (QStringList{QStringLiteral("socket.SO_SNDBUF (far end)"), QStringLiteral("64 KiB"),
                          QStringLiteral("128 KiB"), QStringLiteral("256 KiB"), QStringLiteral("384 KiB"),
                          QStringLiteral("512 KiB"), QStringLiteral("1 MiB")}));

    QFile json(outDir + QStringLiteral("/results.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray points =
        QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 6);
    QList<double> sndbuf;
    for (const QJsonValue &v : points) {
        const QJsonObject point = v.toObject();
        const QJsonObject stats = point.value(QStringLiteral("statistics")).toObject();
        const double mbit =
            stats.value(QStringLiteral("throughput_bps")).toObject().value(QStringLiteral("mean")).toDouble() / 1e6;
        QVERIFY2(mbit > 5 && mbit < 55, qPrintable(QString::number(mbit)));
        const QJsonObject run = point.value(QStringLiteral("runs")).toArray().first().toObject();
        QVERIFY2(farEndSent(run), qPrintable(point.value(QStringLiteral("label")).toString()));
        sndbuf << run.value(QStringLiteral("sndbuf_actual")).toDouble();
        QCOMPARE(run.value(QStringLiteral("congestion_control")).toString(), QStringLiteral("cubic"));
    }
    // The far sender's sockets had the swept buffer (the kernel doubles what it is asked for).
    QVERIFY2(sndbuf.first() >= 64 * 1024 && sndbuf.last() >= 1024 * 1024 && sndbuf.last() > 4 * sndbuf.first(),
             qPrintable(QStringLiteral("%1 .. %2").arg(sndbuf.first()).arg(sndbuf.last())));
    const QString bloat = sendWindowBloatShortfall(points);
    QVERIFY2(bloat.isEmpty(), qPrintable(bloat));
}

QTEST_GUILESS_MAIN(TestFarSendWindow)
#include "tst_far_send_window.moc"
