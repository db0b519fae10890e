#include "helper/helper_protocol.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringDecoder>

namespace tcptune::helperprotocol {
namespace {

// HelperProtocol::tr(): lupdate files this file's text under the context that tr() looks it up in.
class HelperProtocol final {
    Q_DECLARE_TR_FUNCTIONS(HelperProtocol)
};

QByteArray line(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

bool validId(const QJsonValue &id)
{
    if (id.isString())
        return id.toString().size() <= 64;
    return id.isDouble();
}

} // namespace

bool isValidUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder.decode(bytes);
    Q_UNUSED(decoded);
    return !decoder.hasError();
}

Result<Request> parseRequest(const QByteArray &text, QJsonValue *idOut)
{
    if (idOut)
        *idOut = QJsonValue();
    if (text.size() > kMaxLineBytes)
        return fail(HelperProtocol::tr("Request line is %1 bytes long; the limit is %2 bytes.")
                        .arg(text.size())
                        .arg(kMaxLineBytes));
    if (!isValidUtf8(text))
        return fail(HelperProtocol::tr("Request is not valid UTF-8; send one JSON object per line in UTF-8."));
    if (text.contains('\0'))
        return fail(HelperProtocol::tr("Request contains a NUL byte; send one JSON object per line."));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        return fail(HelperProtocol::tr("Malformed JSON at offset %1: %2; send one JSON object per line.")
                        .arg(error.offset)
                        .arg(error.errorString()));
    if (!doc.isObject())
        return fail(HelperProtocol::tr("A request must be a JSON object such as {\"id\":1,\"op\":\"hello\"}."));
    const QJsonObject o = doc.object();
    Request request;
    request.id = o.value(QStringLiteral("id"));
    if (!validId(request.id))
        return fail(HelperProtocol::tr("A request needs an \"id\" that is a number or a short string."));
    if (idOut)
        *idOut = request.id;
    const QJsonValue op = o.value(QStringLiteral("op"));
    if (!op.isString() || op.toString().isEmpty())
        return fail(HelperProtocol::tr("A request needs an \"op\" string such as \"hello\"."));
    request.op = op.toString();
    const QJsonValue params = o.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isNull() && !params.isObject())
        return fail(HelperProtocol::tr("\"params\" must be a JSON object."));
    request.params = params.toObject();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        if (it.key() != QLatin1String("id") && it.key() != QLatin1String("op") && it.key() != QLatin1String("params"))
            return fail(
                HelperProtocol::tr("Unexpected field \"%1\" in the request; only id, op and params are allowed.")
                    .arg(it.key().left(32)));
    return request;
}

QByteArray encodeRequest(const QJsonValue &id, const QString &op, const QJsonObject &params)
{
    QJsonObject o{{QStringLiteral("id"), id}, {QStringLiteral("op"), op}};
    if (!params.isEmpty())
        o.insert(QStringLiteral("params"), params);
    return line(o);
}

QByteArray okReply(const QJsonValue &id, const QJsonObject &result)
{
    return line(
        QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("ok"), true}, {QStringLiteral("result"), result}});
}

QByteArray errorReply(const QJsonValue &id, const QString &message)
{
    return line(
        QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("ok"), false}, {QStringLiteral("error"), message}});
}

Result<Reply> parseReply(const QByteArray &text)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return fail(HelperProtocol::tr("The helper sent a line that is not a JSON object: %1")
                        .arg(QString::fromUtf8(text.left(200))));
    const QJsonObject o = doc.object();
    Reply reply;
    reply.id = o.value(QStringLiteral("id"));
    reply.ok = o.value(QStringLiteral("ok")).toBool();
    reply.result = o.value(QStringLiteral("result")).toObject();
    reply.error = o.value(QStringLiteral("error")).toString();
    if (!reply.ok && reply.error.isEmpty())
        reply.error = HelperProtocol::tr("The helper reported a failure without a message.");
    return reply;
}

Result<QString> stringParam(const QJsonObject &params, const QString &name, bool required)
{
    const QJsonValue v = params.value(name);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            return fail(HelperProtocol::tr("Missing parameter \"%1\".").arg(name));
        return QString();
    }
    if (!v.isString())
        return fail(HelperProtocol::tr("Parameter \"%1\" must be a string.").arg(name));
    return v.toString();
}

Result<bool> boolParam(const QJsonObject &params, const QString &name)
{
    const QJsonValue v = params.value(name);
    if (v.isUndefined() || v.isNull())
        return false;
    if (!v.isBool())
        return fail(HelperProtocol::tr("Parameter \"%1\" must be true or false.").arg(name));
    return v.toBool();
}

Result<void> checkPermanentName(const QString &name)
{
    static const QRegularExpression valid(QStringLiteral("^[a-z0-9][a-z0-9_-]{0,39}$"));
    if (!valid.match(name).hasMatch())
        return fail(HelperProtocol::tr("\"%1\" is not a name for a permanent setting: use 1 to 40 lower-case letters, "
                                       "digits, '-' and '_', starting with a letter or digit.")
                        .arg(name.left(48)));
    return {};
}

} // namespace tcptune::helperprotocol
