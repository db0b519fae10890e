#pragma once
// File > Settings... (the desktop's Preferences keys): opens the SettingsDialog without blocking
// the window, and when OK chose another result store, History reads the new one at once and the
// status bar says where results now go. It also puts the outbox's count in the status bar
// (OutboxStatus). Self-contained, so the main window adds it with one line.

#include <QObject>

class QAction;
class QMainWindow;

namespace tcptune {

class SettingsDialog;

class SettingsMenu final : public QObject {
    Q_OBJECT
public:
    // Inserts the action into WINDOW's File menu, before Quit (a menu of its own without one).
    explicit SettingsMenu(QMainWindow *window);

    QAction *action() const { return m_action; }
    // Opens the dialog (window-modal, not blocking) and returns it; it deletes itself when closed.
    SettingsDialog *open();

private:
    void storeChanged(const QString &location);

    QMainWindow *m_window;
    QAction *m_action;
};

} // namespace tcptune
