// The UDP latency probe's datagram (udp_probe.h): what one end signs, the other verifies, and
// any change of a byte, another run's secret or a stranger's bytes fail.

#include "traffic/udp_probe.h"

#include <QTest>

using namespace tcptune;
using namespace tcptune::udpprobe;

namespace {

const QString kSession = QStringLiteral("0123456789abcdef");
const QByteArray kSecret(32, 's');

Probe request(std::uint32_t sequence)
{
    Probe p;
    p.session = kSession;
    p.sequence = sequence;
    p.sentNs = 1'234'567'890'123ULL;
    return p;
}

} // namespace

class TestUdpProbe final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void answerIsSignedApart();
    void everyByteIsChecked();
    void strangersAreRefused();
};

void TestUdpProbe::roundTrip()
{
    const QByteArray datagram = encode(request(7), kSecret);
    QCOMPARE(datagram.size(), kDatagramSize);
    QVERIFY(datagram.startsWith("TTPQ"));
    QCOMPARE(sessionOf(datagram), std::optional<QString>(kSession));
    const auto probe = decode(datagram, kSecret);
    QVERIFY(probe.has_value());
    QCOMPARE(probe->kind, Kind::Request);
    QCOMPARE(probe->session, kSession);
    QCOMPARE(probe->sequence, 7u);
    QCOMPARE(probe->sentNs, 1'234'567'890'123ULL);
}

void TestUdpProbe::answerIsSignedApart()
{
    Probe answer = request(9);
    answer.kind = Kind::Answer;
    const QByteArray datagram = encode(answer, kSecret);
    QVERIFY(datagram.startsWith("TTPA"));
    QCOMPARE(decode(datagram, kSecret)->kind, Kind::Answer);
    // A request turned into an answer by its magic alone does not verify: the magic is signed.
    QByteArray reflected = encode(request(9), kSecret);
    reflected.replace(0, 4, "TTPA");
    QVERIFY(!decode(reflected, kSecret).has_value());
}

void TestUdpProbe::everyByteIsChecked()
{
    const QByteArray datagram = encode(request(3), kSecret);
    for (int i = 0; i < datagram.size(); ++i) {
        QByteArray changed = datagram;
        changed[i] = char(changed[i] ^ 0x01);
        QVERIFY2(!decode(changed, kSecret).has_value(), qPrintable(QStringLiteral("byte %1").arg(i)));
    }
    QVERIFY(!decode(datagram, QByteArray(32, 't')).has_value()); // another run's secret
}

void TestUdpProbe::strangersAreRefused()
{
    const QByteArray datagram = encode(request(1), kSecret);
    QVERIFY(!sessionOf(datagram.left(kDatagramSize - 1)).has_value());
    QVERIFY(!sessionOf(datagram + 'x').has_value());
    QVERIFY(!sessionOf(QByteArray(kDatagramSize, '\0')).has_value());
    QVERIFY(!decode(QByteArray(), kSecret).has_value());
    // A session id that is not 16 hex characters cannot be encoded.
    Probe bad = request(1);
    bad.session = QStringLiteral("0123456789ABCDEF");
    QVERIFY(encode(bad, kSecret).isEmpty());
    bad.session = QStringLiteral("0123");
    QVERIFY(encode(bad, kSecret).isEmpty());
}

QTEST_GUILESS_MAIN(TestUdpProbe)
#include "tst_udp_probe.moc"
