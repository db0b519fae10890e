#pragma once
// Keeps the knob panel on the current target: when the Target panel changes, the knob panel
// shows the namespace where that target's traffic starts, the Knobs tab's title names it, and
// "Bring the lab up" builds the lab as the Target panel describes it (through the window's
// HelperConnection, on its worker). For an ssh target the panel shows the far end beside the
// local one, with the values the Target panel's connection test read; with several ends the far
// knobs apply to every end, so they are editable only when every end is an ssh host.

#include <QList>
#include <QObject>
#include <QPointer>

class QTabWidget;

namespace tcptune {

class HelperConnection;
struct TargetSpec;
class KnobPanel;
class TargetPanel;

class KnobTargetBinder final : public QObject {
    Q_OBJECT
public:
    // Every argument must outlive the binder; it follows TARGET from now on.
    KnobTargetBinder(TargetPanel *target, KnobPanel *knobs, QTabWidget *tabs, HelperConnection *helper,
                     QObject *parent = nullptr);

    // The Knobs tab's title for a place ("&Knobs: lab client").
    static QString tabTitle(const QString &shortLabel);

Q_SIGNALS:
    // Building the lab failed: what and what to do.
    void problem(const QString &message);

private:
    void follow();
    void showFarEnd(const QList<TargetSpec> &ends);
    void bringLabUp();

    TargetPanel *m_target;
    KnobPanel *m_knobs;
    QPointer<QTabWidget> m_tabs;
    HelperConnection *m_helper;
};

} // namespace tcptune
