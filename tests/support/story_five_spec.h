#pragma once
// Story 5's shipped preset with its sweep cut to the send windows a test needs, written as a spec
// file: the lab tests of the verdict and of settled runs read the preset as a user would.

#include <QJsonArray>
#include <QString>

class QTemporaryDir;

namespace tcptune::test {

// Writes the preset with one axis, socket.SO_SNDBUF over WINDOWS ("64K", ...), to FILE_NAME in
// DIR; its path, or empty when the preset cannot be read or the file written.
QString storyFiveSpec(const QTemporaryDir &dir, const QJsonArray &windows, const QString &fileName);

} // namespace tcptune::test
