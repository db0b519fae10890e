#include "helper/helper_operations.h"

namespace tcptune {

void HelperOperations::add(const QString &op, Handler handler)
{
    m_handlers.insert(
        op, [handler = std::move(handler)](const QJsonObject &params, Descriptors &) { return handler(params); });
}

void HelperOperations::add(const QString &op, DescriptorHandler handler)
{
    m_handlers.insert(op, std::move(handler));
}

bool HelperOperations::contains(const QString &op) const
{
    return m_handlers.contains(op);
}

QStringList HelperOperations::names() const
{
    return m_handlers.keys(); // QMap keeps them sorted
}

Result<QJsonObject> HelperOperations::dispatch(const QString &op, const QJsonObject &params, Descriptors *fds) const
{
    const auto it = m_handlers.constFind(op);
    if (it == m_handlers.constEnd()) {
        QString shown = op.left(40);
        for (QChar &c : shown)
            if (!c.isPrint())
                c = QLatin1Char('?');
        return fail(tr("Unknown operation '%1'; the helper knows: %2.").arg(shown, names().join(QStringLiteral(", "))));
    }
    Descriptors none;
    return it.value()(params, fds ? *fds : none);
}

} // namespace tcptune
