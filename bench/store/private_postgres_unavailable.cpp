// PrivatePostgres in a build without the tests (TCPTUNE_BUILD_TESTS=OFF), whose PostgresServer it
// uses: --postgres says so; --store URL still works against a server of one's own.
#include "private_postgres.h"

namespace tcptune::bench {

struct PrivatePostgres::Server {};

PrivatePostgres::PrivatePostgres(const QString &folder)
    : m_folder(folder)
{
}

PrivatePostgres::~PrivatePostgres() = default;

Result<QString> PrivatePostgres::start(const QString &, bool)
{
    return fail(QStringLiteral("--postgres needs the tests' PostgreSQL server: configure with "
                               "-DTCPTUNE_BUILD_TESTS=ON, or give --store postgresql://... of a server of your own"));
}

Result<void> PrivatePostgres::stop()
{
    return {};
}

} // namespace tcptune::bench
