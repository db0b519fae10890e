#include "helper/helper_client.h"

#include <QCoreApplication>

namespace tcptune {

struct HelperClient::Private {
    QJsonObject hello;
};

HelperClient::HelperClient(std::unique_ptr<Private> p)
    : d(std::move(p))
{
}

HelperClient::~HelperClient() = default;

Result<std::unique_ptr<HelperClient>> HelperClient::start(const HelperStartOptions &)
{
    return fail(QCoreApplication::translate("HelperClient", "The helper client is not implemented yet."));
}

Result<QJsonObject> HelperClient::request(const QString &, const QJsonObject &, int)
{
    return fail(QCoreApplication::translate("HelperClient", "The helper client is not implemented yet."));
}

Result<QString> HelperClient::get(const QString &, const QString &)
{
    return fail(QString());
}
Result<KnobChange> HelperClient::set(const QString &, const QString &, const QString &)
{
    return fail(QString());
}
Result<KnobSnapshot> HelperClient::snapshot(const QString &)
{
    return fail(QString());
}
Result<RestoreReport> HelperClient::restore()
{
    return fail(QString());
}
Result<QList<KnobChange>> HelperClient::journal()
{
    return fail(QString());
}
const QJsonObject &HelperClient::hello() const
{
    return d->hello;
}
RestoreReport HelperClient::recoveredAtStart() const
{
    return {};
}
bool HelperClient::isRunning() const
{
    return false;
}
QString HelperClient::launchMethod() const
{
    return {};
}
KnobChange knobChangeFromJson(const QJsonObject &)
{
    return {};
}
RestoreReport restoreReportFromJson(const QJsonObject &)
{
    return {};
}

} // namespace tcptune
