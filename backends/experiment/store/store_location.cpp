#include "experiment/store/store_location.h"

#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

namespace tcptune {

namespace {

// libpq's connection parameters a store address may carry besides host; anything else is a typo
// that libpq would reject with a less helpful message.
const QStringList &knownParameters()
{
    static const QStringList names = {
        QStringLiteral("sslmode"),          QStringLiteral("sslrootcert"),
        QStringLiteral("sslcert"),          QStringLiteral("sslkey"),
        QStringLiteral("sslcrl"),           QStringLiteral("connect_timeout"),
        QStringLiteral("application_name"), QStringLiteral("target_session_attrs"),
    };
    return names;
}

bool isPostgresUrl(const QString &text)
{
    return text.startsWith(QLatin1String("postgresql://")) || text.startsWith(QLatin1String("postgres://"));
}

} // namespace

Result<StoreLocation> StoreLocation::parse(const QString &text)
{
    StoreLocation location;
    if (!isPostgresUrl(text)) {
        location.path = text;
        return location;
    }
    const QUrl url(text, QUrl::StrictMode);
    const QString example = QStringLiteral("postgresql://USER@HOST[:PORT]/DATABASE");
    if (!url.isValid())
        return fail(tr("'%1' is not a store address: write %2.").arg(text, example));
    if (!url.password().isEmpty())
        return fail(tr("The store address holds a password: leave it out (it would show in the process list) and "
                       "put it in ~/.pgpass or the file PGPASSFILE names, as HOST:PORT:DATABASE:USER:PASSWORD."));
    location.engine = Engine::Postgres;
    location.user = url.userName();
    location.host = url.host();
    location.port = url.port(-1);
    location.database = url.path().mid(1);
    if (location.database.isEmpty() || location.database.contains(QLatin1Char('/')))
        return fail(tr("The store address %1 names no database: write %2.").arg(text, example));
    QStringList options;
    const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    for (const auto &[name, value] : items) {
        if (name == QLatin1String("host"))
            location.host = value;
        else if (knownParameters().contains(name))
            options.append(name + QLatin1Char('=') + value);
        else
            return fail(tr("The store address has the parameter '%1', which tcptune does not pass on; it knows host, "
                           "%2.")
                            .arg(name, knownParameters().join(QStringLiteral(", "))));
    }
    location.options = options.join(QLatin1Char(';'));
    return location;
}

QString StoreLocation::display() const
{
    if (!isPostgres())
        return path;
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    url.setUserName(user);
    // A socket folder is not a host name: it goes back into the query, as it came.
    const bool socketFolder = host.startsWith(QLatin1Char('/'));
    url.setHost(socketFolder ? QStringLiteral("localhost") : host);
    url.setPort(port);
    url.setPath(QLatin1Char('/') + database);
    QUrlQuery query;
    if (socketFolder)
        query.addQueryItem(QStringLiteral("host"), host);
    for (const QString &option : options.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        query.addQueryItem(option.section(QLatin1Char('='), 0, 0), option.section(QLatin1Char('='), 1));
    url.setQuery(query);
    return url.toString();
}

} // namespace tcptune
