// PipeBridge: bytes written to the socket come out of the write pipe and bytes put into the read
// pipe come out of the socket, in order and complete (more than a pipe holds); the end of the
// read pipe is the socket's end-of-file, and closing the socket side ends the write pipe.

#include "traffic/pipe_bridge.h"

#include <QTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

class TestPipeBridge final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bothWaysAndTheEnds();
};

static QByteArray readUntilEnd(int fd)
{
    QByteArray all;
    char chunk[8192];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n <= 0)
            return all;
        all.append(chunk, n);
    }
}

void TestPipeBridge::bothWaysAndTheEnds()
{
    int in[2];  // the far end writes in[1]; the bridge reads in[0]
    int out[2]; // the bridge writes out[1]; the far end reads out[0]
    QCOMPARE(::pipe2(in, O_CLOEXEC), 0);
    QCOMPARE(::pipe2(out, O_CLOEXEC), 0);
    auto bridge = PipeBridge::start(in[0], out[1]);
    QVERIFY(bridge.has_value());
    ::close(out[1]); // the bridge writes to a copy of its own

    QByteArray toSocket(1 << 20, '\0'); // 1 MiB: many times what a pipe holds
    for (qsizetype i = 0; i < toSocket.size(); ++i)
        toSocket[i] = char(i * 7);
    std::thread farWriter([&] {
        const char *data = toSocket.constData();
        std::size_t left = std::size_t(toSocket.size());
        while (left > 0) {
            const ssize_t n = ::write(in[1], data, left);
            if (n <= 0)
                break;
            data += n;
            left -= std::size_t(n);
        }
        ::close(in[1]); // the far end is done
    });
    const int sock = (*bridge)->socket();
    QByteArray got;
    char chunk[8192];
    for (;;) {
        const ssize_t n = ::recv(sock, chunk, sizeof chunk, 0);
        if (n <= 0)
            break; // 0: the read pipe's end arrived as end-of-file
        got.append(chunk, n);
    }
    farWriter.join();
    QCOMPARE(got.size(), toSocket.size());
    QVERIFY(got == toSocket);

    const QByteArray reply("ready\n");
    QCOMPARE(::send(sock, reply.constData(), std::size_t(reply.size()), MSG_NOSIGNAL), ssize_t(reply.size()));
    ::shutdown(sock, SHUT_WR); // our side is done: the far end sees the end of its pipe
    QCOMPARE(readUntilEnd(out[0]), reply);
    bridge->reset();
    ::close(in[0]);
    ::close(out[0]);
}

QTEST_GUILESS_MAIN(TestPipeBridge)
#include "tst_pipe_bridge.moc"
