#pragma once
// The agent's mutual challenge-response authentication and the random values guarding a run. The
// token never crosses the wire, and each side proves it knows it: the client's "start" carries its
// own nonce, the agent answers with its nonce and its proof, the client checks that proof and
// sends its own. Both proofs are HMAC-SHA256 under the token over both nonces, the protocol
// version, the side's role and the canonical "start" (so neither a proof nor the run's parameters
// can be replayed or changed in flight). The data connections' secret is derived from the
// handshake (HKDF-SHA256 over the token and both nonces) on both ends and never sent: a data
// connection shows an HMAC under it of its session and stream. Nonces and session ids come from
// the operating system's CSPRNG (QRandomGenerator::system()).

#include <QByteArray>
#include <QString>

namespace tcptune::agentauth {

inline constexpr int kNonceBytes = 32;
inline constexpr int kSecretBytes = 32;

enum class Role { Agent, Client };

// COUNT random bytes from the system CSPRNG, hex-encoded.
QByteArray randomHex(int count);
// Whether TEXT is a nonce as sent: kNonceBytes bytes in lower-case hex.
bool isNonce(const QByteArray &text);
// ROLE's proof (hex) that it knows TOKEN, bound to both nonces (hex, as sent), the protocol version
// and CANONICAL_START (agentproto::canonical of the "start" both sides hold).
QByteArray proof(const QString &token, Role role, const QByteArray &agentNonce, const QByteArray &clientNonce,
                 const QByteArray &canonicalStart);
// The data connections' secret (raw bytes): HKDF-SHA256 with TOKEN (empty for an agent without one
// and over ssh) as input key material and both nonces as salt.
QByteArray dataSecret(const QString &token, const QByteArray &agentNonce, const QByteArray &clientNonce);
// What a data connection of SESSION shows for STREAM (-1: the latency probe): HMAC under SECRET, hex.
QByteArray dataProof(const QByteArray &secret, const QString &session, int stream);
// HKDF-SHA256 (RFC 5869) of IKM with SALT and INFO, LENGTH bytes (at most 32 x 255).
QByteArray hkdfSha256(const QByteArray &ikm, const QByteArray &salt, const QByteArray &info, int length);
// HMAC-SHA256(token, nonce) in hex: protocol 5's one-way answer, kept for its test vectors.
QByteArray answer(const QString &token, const QByteArray &nonce);
// Whether A equals B, taking the same time wherever they differ (the length is not secret).
bool constantTimeEqual(const QByteArray &a, const QByteArray &b);

} // namespace tcptune::agentauth
