#pragma once
// The question the Knobs panel asks before it turns a core TCP feature off on the host
// (tcp_sack, tcp_timestamps, tcp_window_scaling = 0): that changes every new connection of the
// machine, so it is only done after an explicit Yes (the helper refuses it otherwise). A link knob
// of a host device (outside a lab namespace) is asked the same way, whatever its value.

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace tcptune {

struct KnobInfo;

class CoreFeatureConfirmation final {
    Q_DECLARE_TR_FUNCTIONS(CoreFeatureConfirmation)
public:
    // True when setting KNOB to VALUE in NETNS (empty: the host) needs the question.
    static bool needed(const KnobInfo &knob, const QString &value, const QString &netns);
    // Asks modally; true on Yes (No is the default button).
    static bool ask(QWidget *parent, const KnobInfo &knob, const QString &value);
};

} // namespace tcptune
