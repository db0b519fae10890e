#pragma once
// The repository's own test data under tests/data: public captures (captures/, with MANIFEST.md
// of their origin and licence) that the tests read in place.

#include <QString>
#include <QStringList>

namespace tcptune::test {

// tests/data/captures in the source tree.
QString captureDir();
// tests/data/captures/NAME.
QString captureFile(const QString &name);
// The names of the *.pcap and *.pcapng files in captureDir(), sorted.
QStringList captureFiles();

} // namespace tcptune::test
