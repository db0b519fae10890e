// CaptureLoader with real capture files: the analysis arrives by signal on the loader's thread,
// then idle; one file at a time; an unreadable file is a message; a loader destroyed while it
// works waits for its thread and sends nothing more.

#include "capture/capture_loader.h"
#include "test_paths.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace tcptune;

namespace {

const QString kCapture = tcptune::test::sourcePath(QStringLiteral("tests/data/capture-corpus/gso_super_segments.pcap"));

} // namespace

class TestCaptureLoader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void deliversTheAnalysisOnItsThread();
    void oneFileAtATime();
    void unreadableFileIsAMessage();
    void destroyedWhileBusyWaitsAndStaysQuiet();
};

void TestCaptureLoader::initTestCase()
{
    qRegisterMetaType<std::shared_ptr<const tcptune::CaptureAnalysis>>();
    QVERIFY(QFile::exists(kCapture));
}

void TestCaptureLoader::deliversTheAnalysisOnItsThread()
{
    CaptureLoader loader;
    QThread *deliveredOn = nullptr;
    std::shared_ptr<const CaptureAnalysis> analysis;
    connect(&loader, &CaptureLoader::loaded, this,
            [&](const QString &path, std::shared_ptr<const CaptureAnalysis> result) {
                QCOMPARE(path, kCapture);
                analysis = std::move(result);
                deliveredOn = QThread::currentThread();
            });
    QSignalSpy idle(&loader, &CaptureLoader::idle);
    QVERIFY(!loader.isBusy());
    QVERIFY(loader.load(kCapture));
    QVERIFY(loader.isBusy());
    QVERIFY(idle.wait(30000));
    QVERIFY(!loader.isBusy());
    QVERIFY(analysis);
    QVERIFY(analysis->tcp_packets > 0);
    QCOMPARE(deliveredOn, QThread::currentThread());
}

void TestCaptureLoader::oneFileAtATime()
{
    CaptureLoader loader;
    QSignalSpy idle(&loader, &CaptureLoader::idle);
    QSignalSpy loaded(&loader, &CaptureLoader::loaded);
    QVERIFY(loader.load(kCapture));
    QVERIFY(!loader.load(kCapture)); // busy until idle
    QVERIFY(idle.wait(30000));
    QCOMPARE(loaded.size(), 1);
    QVERIFY(loader.load(kCapture)); // and free again afterwards
    QVERIFY(idle.wait(30000));
    QCOMPARE(loaded.size(), 2);
}

void TestCaptureLoader::unreadableFileIsAMessage()
{
    CaptureLoader loader;
    QSignalSpy failed(&loader, &CaptureLoader::loadFailed);
    QSignalSpy idle(&loader, &CaptureLoader::idle);
    const QString missing = QStringLiteral("/nonexistent/capture.pcap");
    QVERIFY(loader.load(missing));
    QVERIFY(idle.wait(30000));
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), missing);
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
}

void TestCaptureLoader::destroyedWhileBusyWaitsAndStaysQuiet()
{
    int delivered = 0;
    {
        CaptureLoader loader;
        connect(&loader, &CaptureLoader::loaded, this, [&] { ++delivered; });
        connect(&loader, &CaptureLoader::loadFailed, this, [&] { ++delivered; });
        QVERIFY(loader.load(kCapture));
    } // joins the worker thread
    QCoreApplication::processEvents();
    QCOMPARE(delivered, 0);
}

QTEST_GUILESS_MAIN(TestCaptureLoader)
#include "tst_capture_loader.moc"
