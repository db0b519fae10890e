#include "traffic/udp_probe.h"

#include "traffic/agent_auth.h"

#include <QMessageAuthenticationCode>
#include <QtEndian>

#include <cstring>

namespace tcptune::udpprobe {
namespace {

constexpr int kSessionBytes = 8;

QByteArray magicOf(Kind kind)
{
    return kind == Kind::Request ? QByteArrayLiteral("TTPQ") : QByteArrayLiteral("TTPA");
}

QByteArray tag(const QByteArray &signedPart, const QByteArray &secret)
{
    return QMessageAuthenticationCode::hash(signedPart, secret, QCryptographicHash::Sha256);
}

} // namespace

QByteArray encode(const Probe &probe, const QByteArray &secret)
{
    const QByteArray session = QByteArray::fromHex(probe.session.toLatin1());
    if (probe.session.size() != 2 * kSessionBytes || session.size() != kSessionBytes ||
        session.toHex() != probe.session.toLatin1())
        return {};
    QByteArray datagram(kSignedSize, '\0');
    char *p = datagram.data();
    std::memcpy(p, magicOf(probe.kind).constData(), 4);
    std::memcpy(p + 4, session.constData(), kSessionBytes);
    qToBigEndian(probe.sequence, p + 12);
    qToBigEndian(probe.sentNs, p + 16);
    return datagram + tag(datagram, secret);
}

std::optional<QString> sessionOf(const QByteArray &datagram)
{
    if (datagram.size() != kDatagramSize)
        return std::nullopt;
    const QByteArray magic = datagram.left(4);
    if (magic != magicOf(Kind::Request) && magic != magicOf(Kind::Answer))
        return std::nullopt;
    return QString::fromLatin1(datagram.mid(4, kSessionBytes).toHex());
}

std::optional<Probe> decode(const QByteArray &datagram, const QByteArray &secret)
{
    const std::optional<QString> session = sessionOf(datagram);
    if (!session)
        return std::nullopt;
    const QByteArray signedPart = datagram.left(kSignedSize);
    if (!agentauth::constantTimeEqual(tag(signedPart, secret), datagram.mid(kSignedSize)))
        return std::nullopt;
    const char *p = datagram.constData();
    Probe probe;
    probe.kind = signedPart.startsWith("TTPQ") ? Kind::Request : Kind::Answer;
    probe.session = *session;
    probe.sequence = qFromBigEndian<std::uint32_t>(p + 12);
    probe.sentNs = qFromBigEndian<std::uint64_t>(p + 16);
    return probe;
}

} // namespace tcptune::udpprobe
