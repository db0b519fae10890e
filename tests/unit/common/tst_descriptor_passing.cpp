// descriptors::send/receive over a real Unix socket pair: descriptors arrive with the bytes they
// were sent with, are usable (a pipe written through the passed end), and a pipe still carries
// plain bytes.

#include "common/descriptor_passing.h"

#include <QTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;

class TestDescriptorPassing final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void descriptorsTravelWithTheirMessage();
    void plainBytesOnAPipe();
};

void TestDescriptorPassing::descriptorsTravelWithTheirMessage()
{
    int pair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
    int pipeEnds[2];
    QCOMPARE(::pipe2(pipeEnds, O_CLOEXEC), 0);

    const QByteArray first("first\n");
    const QByteArray second("second with a pipe\n");
    QCOMPARE(descriptors::send(pair[0], first.constData(), size_t(first.size()), {}), first.size());
    QCOMPARE(descriptors::send(pair[0], second.constData(), size_t(second.size()), {pipeEnds[1]}), second.size());
    ::close(pipeEnds[1]); // the receiver's copy is now the only write end

    QByteArray received;
    QList<int> fds;
    char buffer[64];
    while (received.size() < first.size() + second.size()) {
        const ssize_t n = descriptors::receive(pair[1], buffer, sizeof buffer, fds);
        QVERIFY(n > 0);
        received.append(buffer, n);
    }
    QCOMPARE(received, first + second);
    QCOMPARE(fds.size(), 1);
    QVERIFY(::fcntl(fds[0], F_GETFD) & FD_CLOEXEC);
    QCOMPARE(::write(fds[0], "x", 1), 1);
    char got = 0;
    QCOMPARE(::read(pipeEnds[0], &got, 1), 1);
    QCOMPARE(got, 'x');

    descriptors::closeAll(fds);
    QVERIFY(fds.isEmpty());
    QCOMPARE(::read(pipeEnds[0], &got, 1), 0); // every write end is closed now
    ::close(pipeEnds[0]);
    ::close(pair[0]);
    ::close(pair[1]);
}

void TestDescriptorPassing::plainBytesOnAPipe()
{
    int ends[2];
    QCOMPARE(::pipe2(ends, O_CLOEXEC), 0);
    QCOMPARE(descriptors::send(ends[1], "line\n", 5, {}), 5);
    QList<int> fds;
    char buffer[16];
    QCOMPARE(descriptors::receive(ends[0], buffer, sizeof buffer, fds), 5);
    QCOMPARE(QByteArray(buffer, 5), QByteArray("line\n"));
    QVERIFY(fds.isEmpty());
    // Descriptors cannot travel through a pipe: the send fails instead of dropping them.
    QCOMPARE(descriptors::send(ends[1], "x", 1, {ends[0]}), -1);
    ::close(ends[0]);
    ::close(ends[1]);
}

QTEST_GUILESS_MAIN(TestDescriptorPassing)
#include "tst_descriptor_passing.moc"
