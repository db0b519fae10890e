#pragma once
// Text a peer controls, made safe for a log line: control characters (a forged newline, a
// terminal escape) are shown as \xNN or \uNNNN and long text is cut, so one log line stays one
// line of the agent's own making.

#include <QString>
#include <QStringView>

namespace tcptune {

QString logSafe(QStringView text, qsizetype maxLength = 120);

} // namespace tcptune
