#include "counted_helper.h"

#include "test_paths.h"

#include <QFile>

namespace tcptune::test {

CountedHelper::CountedHelper()
{
    if (!m_dir.isValid())
        return;
    QFile script(path());
    if (!script.open(QIODevice::WriteOnly))
        return;
    const QString text = QStringLiteral("#!/bin/sh\necho started >> '%1'\nexec '%2' \"$@\"\n")
                             .arg(m_dir.filePath(QStringLiteral("starts")), binPath(QStringLiteral("tcptune-helper")));
    m_ok = script.write(text.toUtf8()) > 0 &&
           script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

QString CountedHelper::path() const
{
    return m_dir.filePath(QStringLiteral("tcptune-helper"));
}

int CountedHelper::starts() const
{
    QFile log(m_dir.filePath(QStringLiteral("starts")));
    if (!log.open(QIODevice::ReadOnly))
        return 0;
    return int(log.readAll().count('\n'));
}

} // namespace tcptune::test
