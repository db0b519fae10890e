// The workbench's file dialogs open none of the files they list. Qt's own dialog, with its
// default icon provider, read a file of unknown type to guess it: beside a session that was the
// result store's results.db-shm, and its close dropped SQLite's POSIX locks of the workbench, so
// another process deleted the write-ahead log a run was being written to (the walkthrough lost
// its last run). inotify reports each open of a file in the listed folder.

#include "panels/file_dialogs.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/inotify.h>
#include <unistd.h>

#include <functional>

using namespace tcptune;

namespace {

// The names of the files in DIR that were opened while SHOW ran (a dialog, closed after 1.5 s).
QStringList filesOpenedWhile(const QString &dir, const std::function<void()> &show)
{
    const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0 || ::inotify_add_watch(fd, QFile::encodeName(dir).constData(), IN_OPEN) < 0)
        return {QStringLiteral("(inotify failed)")};
    QTimer::singleShot(1500, [] {
        if (QWidget *dialog = QApplication::activeModalWidget())
            static_cast<QDialog *>(dialog)->reject();
    });
    show();
    QStringList opened;
    alignas(inotify_event) char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
        for (char *p = buffer; p < buffer + n;) {
            const auto *event = reinterpret_cast<const inotify_event *>(p);
            if (event->len > 0)
                opened.append(QString::fromUtf8(event->name));
            p += sizeof(inotify_event) + event->len;
        }
    ::close(fd);
    return opened;
}

} // namespace

class TestFileDialogs final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listedFilesAreNotRead();
};

void TestFileDialogs::listedFilesAreNotRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString &name : {QStringLiteral("results.db-shm"), QStringLiteral("walk.tcptune")}) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, '\x7f'));
    }
    // Qt's dialog as it comes reads the file it cannot name (this test would see our dialogs do it).
    const QStringList byQt = filesOpenedWhile(dir.path(), [&dir] {
        QFileDialog dialog(nullptr, QStringLiteral("Open"), dir.path());
        dialog.exec();
    });
    QVERIFY2(byQt.contains(QStringLiteral("results.db-shm")), qPrintable(byQt.join(u' ')));
    const QStringList byOpen = filesOpenedWhile(dir.path(), [&dir] {
        QVERIFY(filedialogs::openFileName(nullptr, QStringLiteral("Open"), dir.path(), QString()).isEmpty());
    });
    QVERIFY2(byOpen.isEmpty(), qPrintable(byOpen.join(u' ')));
    const QStringList bySave = filesOpenedWhile(dir.path(), [&dir] {
        QVERIFY(filedialogs::saveFileName(nullptr, QStringLiteral("Save"), dir.filePath(QStringLiteral("walk.tcptune")),
                                          QString())
                    .isEmpty());
    });
    // (The name it proposes is looked at; that is the user's own file, not the store's.)
    QVERIFY2(!bySave.contains(QStringLiteral("results.db-shm")), qPrintable(bySave.join(u' ')));
}

QTEST_MAIN(TestFileDialogs)
#include "tst_file_dialogs.moc"
