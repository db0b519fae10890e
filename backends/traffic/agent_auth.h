#pragma once
// The agent's challenge-response authentication and the random values guarding a run. The token
// never crosses the wire: the agent sends a fresh nonce, the client answers HMAC-SHA256(token,
// nonce), and the agent compares in constant time. Nonces, session ids and data-connection
// secrets come from the operating system's CSPRNG (QRandomGenerator::system()).

#include <QByteArray>
#include <QString>

namespace tcptune::agentauth {

inline constexpr int kNonceBytes = 32;
inline constexpr int kSecretBytes = 16;

// COUNT random bytes from the system CSPRNG, hex-encoded.
QByteArray randomHex(int count);
// The answer to NONCE (hex, as sent) for TOKEN: HMAC-SHA256 in hex.
QByteArray answer(const QString &token, const QByteArray &nonce);
// Whether A equals B, taking the same time wherever they differ (the length is not secret).
bool constantTimeEqual(const QByteArray &a, const QByteArray &b);

} // namespace tcptune::agentauth
