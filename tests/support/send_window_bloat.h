#pragma once
// What story 5's sweep of the far sender's SO_SNDBUF must show, checked alike by the lab, the
// non-root lab and the ssh tests.

#include <QJsonArray>
#include <QString>

namespace tcptune::test {

// POINTS: results.json's points of a sweep over 64 KiB, 128 KiB, 256 KiB, 384 KiB, 512 KiB,
// 1 MiB (and more), in order, one run each, through a bottleneck with a deep queue. Empty when
// they show bufferbloat driven by the send window, otherwise what does not hold. Logs the RTTs.
QString sendWindowBloatShortfall(const QJsonArray &points);

} // namespace tcptune::test
