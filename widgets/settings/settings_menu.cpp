#include "settings/settings_menu.h"

#include "history/history_panel.h"
#include "settings/outbox_status.h"
#include "settings/settings_dialog.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace tcptune {
namespace {

// The menu that holds ACTION, or nullptr.
QMenu *menuOf(const QAction *action)
{
    if (action)
        for (QObject *object : action->associatedObjects())
            if (auto *menu = qobject_cast<QMenu *>(object))
                return menu;
    return nullptr;
}

} // namespace

SettingsMenu::SettingsMenu(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_action(new QAction(tr("Se&ttings..."), window))
{
    m_action->setObjectName(QStringLiteral("actionSettings"));
    m_action->setMenuRole(QAction::PreferencesRole);
    // The desktop's Preferences keys; where its key scheme has none (GNOME), Ctrl+, as GNOME's
    // own applications use.
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (keys.isEmpty())
        keys.append(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_action->setShortcuts(keys);
    connect(m_action, &QAction::triggered, this, [this] { open(); });
    window->statusBar()->addPermanentWidget(new OutboxStatus(window));
    QAction *quit = window->findChild<QAction *>(QStringLiteral("actionQuit"));
    if (QMenu *file = menuOf(quit)) {
        file->insertAction(quit, m_action);
        file->insertSeparator(quit);
    } else {
        window->menuBar()->addAction(m_action);
    }
}

SettingsDialog *SettingsMenu::open()
{
    auto *dialog = new SettingsDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::storeChanged, this, &SettingsMenu::storeChanged);
    dialog->open();
    return dialog;
}

void SettingsMenu::storeChanged(const QString &location)
{
    if (auto *history = m_window->findChild<HistoryPanel *>())
        history->refresh(); // it opens the store ResultStore::defaultPath() now names
    m_window->statusBar()->showMessage(tr("Results are now kept in %1.").arg(location));
}

} // namespace tcptune
