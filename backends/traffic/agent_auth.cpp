#include "traffic/agent_auth.h"

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
