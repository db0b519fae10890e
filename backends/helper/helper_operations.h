#pragma once
// The table of operations tcptune-helper answers. The helper's main loop looks every request's
// "op" up here, so other parts (the lab: lab_up, lab_down, ...) add operations by registering a
// handler, without touching the protocol, journal or sysctl code.

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace tcptune {

class HelperOperations final {
    Q_DECLARE_TR_FUNCTIONS(HelperOperations)
public:
    // Runs one request. PARAMS is the request's "params" object (empty when absent). The result
    // becomes the reply's "result"; an error becomes the reply's "error" and the helper goes on
    // serving. A handler runs as root: it must validate everything in PARAMS itself.
    using Handler = std::function<Result<QJsonObject>(const QJsonObject &params)>;

    // Descriptors that travel with a request and its reply (SCM_RIGHTS on the helper's Unix
    // socket). A handler takes what it keeps out of RECEIVED (the rest is closed after it) and
    // puts what the reply carries in TO_SEND (sent, then closed here).
    struct Descriptors {
        QList<int> received;
        QList<int> toSend;
    };
    using DescriptorHandler = std::function<Result<QJsonObject>(const QJsonObject &params, Descriptors &fds)>;

    // Registers OP (lower-case words with '_'); a later add() of the same name replaces it.
    void add(const QString &op, Handler handler);
    void add(const QString &op, DescriptorHandler handler);

    bool contains(const QString &op) const;
    // Every registered name, sorted: what `hello` reports as capabilities.
    QStringList names() const;

    // Calls the handler of OP; an error naming OP and listing the known ones when it is unknown.
    // FDS: the request's descriptors in, the reply's out; null: none (a plain handler gets none).
    [[nodiscard]] Result<QJsonObject> dispatch(const QString &op, const QJsonObject &params,
                                               Descriptors *fds = nullptr) const;

private:
    QMap<QString, DescriptorHandler> m_handlers;
};

} // namespace tcptune
