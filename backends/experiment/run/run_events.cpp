#include "experiment/run/run_events.h"

#include <QMetaMethod>

namespace tcptune {

void RunEvents::forwardEvents(const RunEvents *from, RunEvents *to)
{
    // The signals RunEvents declares (not QObject's): the same index in both objects.
    const QMetaObject &events = RunEvents::staticMetaObject;
    for (int i = events.methodOffset(); i < events.methodCount(); ++i) {
        const QMetaMethod signal = events.method(i);
        if (signal.methodType() == QMetaMethod::Signal)
            QObject::connect(from, signal, to, signal);
    }
}

} // namespace tcptune
