#pragma once
// A field of /proc/PID/status (VmHWM, Threads, ...), for tests that watch a process's memory and
// threads.

#include <QByteArray>
#include <QFile>
#include <QString>

namespace tcptune::test {

// The field's value in kB or as a count; -1 when unreadable.
inline qint64 statusField(qint64 pid, const QByteArray &field)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(QByteArray(field + ':')))
            return line.mid(field.size() + 1).trimmed().split(' ').first().toLongLong();
    return -1;
}

} // namespace tcptune::test
