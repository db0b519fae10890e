#pragma once
// The helper's line protocol, without any I/O: one JSON object per line, at most 4 KiB.
//   request: {"id": 7, "op": "set", "params": {"key": "net.ipv4.tcp_autocorking", "value": "0"}}
//   reply:   {"id": 7, "ok": true, "result": {...}}  or  {"id": 7, "ok": false, "error": "..."}
// Both sides use these functions, and the fuzzer feeds parseRequest arbitrary bytes.

#include "common/error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace tcptune::helperprotocol {

inline constexpr int kVersion = 1;
// Longest line either side accepts, newline excluded.
inline constexpr qsizetype kMaxLineBytes = 4096;

struct Request {
    QJsonValue id; // a number or string chosen by the client; null when unreadable
    QString op;
    QJsonObject params;
};

// Parses one line (without its newline). On failure the error names the problem; ID_OUT gets
// the request id when it could still be read, so the error reply can carry it.
[[nodiscard]] Result<Request> parseRequest(const QByteArray &line, QJsonValue *idOut = nullptr);

// True when BYTES is well-formed UTF-8.
bool isValidUtf8(const QByteArray &bytes);

// One reply line each, newline included.
QByteArray encodeRequest(const QJsonValue &id, const QString &op, const QJsonObject &params);
QByteArray okReply(const QJsonValue &id, const QJsonObject &result);
QByteArray errorReply(const QJsonValue &id, const QString &message);

struct Reply {
    QJsonValue id;
    bool ok = false;
    QJsonObject result;
    QString error;
};
// Parses a reply line (client side).
[[nodiscard]] Result<Reply> parseReply(const QByteArray &line);

// The string parameter NAME of PARAMS: an error when missing or not a string.
[[nodiscard]] Result<QString> stringParam(const QJsonObject &params, const QString &name, bool required = true);
// The name of a permanent setting (sysctl_file_write, helper/sysctl_files.h): a lower-case letter
// or digit, then up to 39 of those, '-' and '_'. Both sides check it: the command before a tune
// runs, the helper before it builds a path from it.
[[nodiscard]] Result<void> checkPermanentName(const QString &name);

// The optional boolean parameter NAME (false when absent): an error when it is not a boolean.
[[nodiscard]] Result<bool> boolParam(const QJsonObject &params, const QString &name);

} // namespace tcptune::helperprotocol
