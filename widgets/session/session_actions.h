#pragma once
// File > Open session, Save session, Save session as and Recent sessions of the workbench window:
// a session file (*.tcptune, backends/session) holds the form, the knobs set by hand, the sweep's
// setup and the runs on the charts. The window's title names the open session, with the
// framework's modified marker ([*]) once the form changed after saving or opening. On close the
// Sweep tab's fields are kept in the settings, beside the panels' own, so a restart brings the
// whole form back.

#include "session/session_panels.h"

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QSettings;

namespace tcptune {

class FormChangeWatcher;
struct WorkbenchSession;

class SessionActions final : public QObject {
    Q_OBJECT
public:
    // Puts its actions into FILE before BEFORE (null: at the end).
    SessionActions(const SessionPanels &panels, QMenu *file, QAction *before);

    QString currentPath() const { return m_path; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QAction *openAction() const { return m_open; }
    QMenu *recentMenu() const { return m_recent; }

    // Starts watching the form (after the window restored its settings): changes from now on
    // mark the window modified.
    void watchForm();
    // Without dialogs (tests, Recent sessions): true when it worked; the message is shown as the
    // menu items show it (status bar, or a message box for an error).
    bool saveTo(const QString &path);
    bool openFrom(const QString &path);
    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

public Q_SLOTS:
    void save();
    void saveAs();
    void open();

private:
    void setCurrentPath(const QString &path);
    void updateTitle();
    void addRecent(const QString &path);
    void fillRecentMenu();
    void showError(const QString &title, const QString &message);

    SessionPanels m_panels;
    FormChangeWatcher *m_watcher;
    QAction *m_open;
    QAction *m_save;
    QAction *m_saveAs;
    QMenu *m_recent;
    QString m_path;
    QString m_plainTitle;
    bool m_restoredModified = false;
};

} // namespace tcptune
