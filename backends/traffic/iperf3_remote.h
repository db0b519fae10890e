#pragma once
// RemoteSession for a stock iperf3 server (3.x): the cookie, the one-byte state machine
// (PARAM_EXCHANGE, CREATE_STREAMS, TEST_START, TEST_RUNNING, TEST_END, EXCHANGE_RESULTS,
// DISPLAY_RESULTS, IPERF_DONE) and the length-prefixed JSON parameter and result exchange.
// Written from iperf3's documented behaviour; direction down is iperf3's reverse mode (-R): the
// server sends, and its results say how much; direction both is its bidirectional mode (--bidir,
// iperf3 3.7 and later): the client's sending streams first, then the server's.

#include "traffic/remote_session.h"

#include <QCoreApplication>

namespace tcptune {

class Iperf3Remote final : public RemoteSession {
    Q_DECLARE_TR_FUNCTIONS(Iperf3Remote)
public:
    // iperf3's states, as signed chars on the control connection.
    enum State : signed char {
        TestStart = 1,
        TestRunning = 2,
        TestEnd = 4,
        ParamExchange = 9,
        CreateStreams = 10,
        ServerTerminate = 11,
        ClientTerminate = 12,
        ExchangeResults = 13,
        DisplayResults = 14,
        IperfStart = 15,
        IperfDone = 16,
        AccessDenied = -1,
        ServerError = -2,
    };
    static constexpr int kCookieSize = 37; // 36 characters and a NUL

    explicit Iperf3Remote(const TrafficSpec &spec);

    [[nodiscard]] Result<void> open(int control) override;
    QByteArray dataHello(int stream) const override;
    QByteArray probeHello() const override { return {}; }
    [[nodiscard]] Result<void> waitRunning() override;
    [[nodiscard]] Result<void> peerEvent() override;
    bool shutdownDataBeforeFinish() const override { return false; }
    [[nodiscard]] Result<RemoteFigures> finish(const LocalFigures &local) override;

    QString knobsNote() const override;
    QString version() const override { return QStringLiteral("iperf3"); }

    // The parameter object sent in PARAM_EXCHANGE (public for tests).
    static QJsonObject parameters(const TrafficSpec &spec);
    // iperf3 numbers its streams 1, 3, 4, 5, ... (it skips 2); results must use the same ids.
    static int streamId(int index) { return index == 0 ? 1 : index + 2; }

private:
    [[nodiscard]] Result<signed char> readState(int timeoutMs);
    [[nodiscard]] Result<void> expectState(signed char wanted, int timeoutMs);
    [[nodiscard]] Result<void> sendState(signed char state);
    [[nodiscard]] Result<void> sendJson(const QJsonObject &json);
    [[nodiscard]] Result<QJsonObject> readJson(int timeoutMs);
    QString describeState(signed char state);
    // Directions down and both: what the server sent, from its results.
    RemoteFigures sentByServer(const QJsonObject &server) const;

    TrafficSpec m_spec;
    QString m_where;
    int m_control = -1;
    QByteArray m_cookie;
};

} // namespace tcptune
