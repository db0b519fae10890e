#include "traffic/agent_auth.h"

#include "traffic/agent_protocol.h"

#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

#include <vector>

namespace tcptune::agentauth {

QByteArray randomHex(int count)
{
    std::vector<quint32> words(std::size_t((count + 3) / 4));
    QRandomGenerator::system()->fillRange(words.data(), qsizetype(words.size()));
    return QByteArray(reinterpret_cast<const char *>(words.data()), count).toHex();
}

bool isNonce(const QByteArray &text)
{
    if (text.size() != 2 * kNonceBytes)
        return false;
    for (const char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

QByteArray proof(const QString &token, Role role, const QByteArray &agentNonce, const QByteArray &clientNonce,
                 const QByteArray &canonicalStart)
{
    QByteArray message = "tcptune-agent/" + QByteArray::number(agentproto::kVersion) + '\n';
    message += role == Role::Agent ? "agent\n" : "client\n";
    message += agentNonce + '\n' + clientNonce + '\n' + canonicalStart;
    return QMessageAuthenticationCode::hash(message, token.toUtf8(), QCryptographicHash::Sha256).toHex();
}

QByteArray hkdfSha256(const QByteArray &ikm, const QByteArray &salt, const QByteArray &info, int length)
{
    const QByteArray prk = QMessageAuthenticationCode::hash(ikm, salt, QCryptographicHash::Sha256);
    QByteArray okm;
    QByteArray previous;
    for (int i = 1; okm.size() < length && i <= 255; ++i) {
        previous = QMessageAuthenticationCode::hash(previous + info + char(i), prk, QCryptographicHash::Sha256);
        okm += previous;
    }
    return okm.left(length);
}

QByteArray dataSecret(const QString &token, const QByteArray &agentNonce, const QByteArray &clientNonce)
{
    return hkdfSha256(token.toUtf8(), clientNonce + agentNonce,
                      "tcptune-agent/" + QByteArray::number(agentproto::kVersion) + " data connections", kSecretBytes);
}

QByteArray dataProof(const QByteArray &secret, const QString &session, int stream)
{
    const QByteArray message = "data\n" + session.toLatin1() + '\n' + QByteArray::number(stream);
    return QMessageAuthenticationCode::hash(message, secret, QCryptographicHash::Sha256).toHex();
}

QByteArray answer(const QString &token, const QByteArray &nonce)
{
    return QMessageAuthenticationCode::hash(nonce, token.toUtf8(), QCryptographicHash::Sha256).toHex();
}

bool constantTimeEqual(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    // The volatile read keeps the compiler from turning the loop into an early exit.
    const volatile unsigned char result = difference;
    return result == 0;
}

} // namespace tcptune::agentauth
