#pragma once
// Text a peer or a file controls, made safe for a log line or an error message: control
// characters (C0 and C1: a forged newline, a terminal escape; DEL) and the bidi controls
// (U+202A-202E, U+2066-2069, which reorder what a terminal shows) are shown as \xNN or \uNNNN
// and long text is cut, so one log line stays one line of tcptune's own making. The one escaping
// function of tcptune: every message that quotes what it did not write itself goes through it.

#include <QString>
#include <QStringView>

namespace tcptune {

QString logSafe(QStringView text, qsizetype maxLength = 120);

} // namespace tcptune
