#pragma once
// The table of operations tcptune-helper answers. The helper's main loop looks every request's
// "op" up here, so other parts (the lab: lab_up, lab_down, ...) add operations by registering a
// handler, without touching the protocol, journal or sysctl code.

#include "common/error.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace tcptune {

class HelperOperations final {
public:
    // Runs one request. PARAMS is the request's "params" object (empty when absent). The result
    // becomes the reply's "result"; an error becomes the reply's "error" and the helper goes on
    // serving. A handler runs as root: it must validate everything in PARAMS itself.
    using Handler = std::function<Result<QJsonObject>(const QJsonObject &params)>;

    // Registers OP (lower-case words with '_'); a later add() of the same name replaces it.
    void add(const QString &op, Handler handler);

    bool contains(const QString &op) const;
    // Every registered name, sorted: what `hello` reports as capabilities.
    QStringList names() const;

    // Calls the handler of OP; an error naming OP and listing the known ones when it is unknown.
    Result<QJsonObject> dispatch(const QString &op, const QJsonObject &params) const;

private:
    QMap<QString, Handler> m_handlers;
};

} // namespace tcptune
