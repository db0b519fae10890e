#include "session/session_actions.h"

#include "experiment/run/runner_thread.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "knobs/link_group.h"
#include "knobs/pending_knobs_note.h"
#include "panels/file_dialogs.h"
#include "panels/message_banner.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "session/form_change_watcher.h"
#include "session/session_file.h"
#include "session/session_form.h"
#include "sweep/sweep_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace tcptune {
namespace {

constexpr int kRecentCount = 6;
const QString kRecentKey = QStringLiteral("session/recent");
const QString kSweepKey = QStringLiteral("session/sweep");

QString fileFilter()
{
    return SessionActions::tr("tcptune sessions (*.%1);;All files (*)").arg(WorkbenchSession::kSuffix);
}

} // namespace

SessionActions::SessionActions(const SessionPanels &panels, QMenu *file, QAction *before)
    : QObject(panels.window)
    , m_panels(panels)
    , m_watcher(new FormChangeWatcher(this))
    , m_open(new QAction(tr("Open &session..."), this))
    , m_save(new QAction(tr("Sa&ve session"), this))
    , m_saveAs(new QAction(tr("Save session &as..."), this))
    , m_recent(new QMenu(tr("Recent sessio&ns"), panels.window))
    , m_plainTitle(panels.window->windowTitle())
{
    // Ctrl+O opens a capture (the older shortcut): a session opens with Ctrl+Shift+O.
    m_open->setObjectName(QStringLiteral("actionOpenSession"));
    m_open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_save->setObjectName(QStringLiteral("actionSaveSession"));
    m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    m_saveAs->setObjectName(QStringLiteral("actionSaveSessionAs"));
    m_saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_recent->setObjectName(QStringLiteral("menuRecentSessions"));
    file->insertAction(before, m_open);
    file->insertMenu(before, m_recent);
    file->insertAction(before, m_save);
    file->insertAction(before, m_saveAs);
    file->insertSeparator(before);
    connect(m_open, &QAction::triggered, this, &SessionActions::open);
    connect(m_save, &QAction::triggered, this, &SessionActions::save);
    connect(m_saveAs, &QAction::triggered, this, &SessionActions::saveAs);
    connect(m_recent, &QMenu::aboutToShow, this, &SessionActions::fillRecentMenu);
    connect(m_watcher, &FormChangeWatcher::changed, this, [this] { m_panels.window->setWindowModified(true); });
    fillRecentMenu();
}

void SessionActions::watchForm()
{
    for (QWidget *form : {static_cast<QWidget *>(m_panels.target), static_cast<QWidget *>(m_panels.workload),
                          static_cast<QWidget *>(m_panels.sweep)})
        m_watcher->watch(form);
    KnobPanel *knobs = m_panels.knobs;
    connect(knobs->model(), &KnobTableModel::changeRequested, m_watcher, &FormChangeWatcher::changed);
    connect(knobs->model(), &KnobTableModel::remoteChangesChanged, this, [this] {
        if (!m_watcher->isPaused())
            m_panels.window->setWindowModified(true);
    });
    connect(knobs->pendingKnobs(), &PendingKnobsNote::knobsChanged, this, [this] {
        if (!m_watcher->isPaused())
            m_panels.window->setWindowModified(true);
    });
    connect(knobs->links(), &LinkGroup::runValuesChanged, this, [this] {
        if (!m_watcher->isPaused())
            m_panels.window->setWindowModified(true);
    });
    // The form as the last close left it: modified then, modified now.
    m_panels.window->setWindowModified(m_restoredModified && !m_path.isEmpty());
    updateTitle();
}

void SessionActions::save()
{
    if (m_path.isEmpty())
        saveAs();
    else
        saveTo(m_path);
}

void SessionActions::saveAs()
{
    const QString start =
        m_path.isEmpty() ? QDir::home().filePath(tr("session") + QLatin1Char('.') + WorkbenchSession::kSuffix) : m_path;
    QString path = filedialogs::saveFileName(m_panels.window, tr("Save session"), start, fileFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + WorkbenchSession::kSuffix;
    saveTo(path);
}

void SessionActions::open()
{
    const QString path =
        filedialogs::openFileName(m_panels.window, tr("Open session"),
                                  m_path.isEmpty() ? QDir::homePath() : QFileInfo(m_path).path(), fileFilter());
    if (!path.isEmpty())
        openFrom(path);
}

bool SessionActions::saveTo(const QString &path)
{
    auto session = SessionForm::collect(m_panels);
    if (!session) {
        showError(tr("Cannot save the session"), session.error().message);
        return false;
    }
    if (auto ok = sessionfile::write(path, *session); !ok) {
        showError(tr("Cannot save the session"), ok.error().message);
        return false;
    }
    setCurrentPath(path);
    m_panels.window->statusBar()->showMessage(tr("Session saved to %1.").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool SessionActions::openFrom(const QString &path)
{
    if (m_panels.runner->isRunning()) {
        showError(tr("Cannot open the session"),
                  tr("A run is in progress. Stop it (Esc) or wait for it to end, then open the session."));
        return false;
    }
    auto session = sessionfile::read(path); // nothing in the window changes unless it reads whole
    if (!session) {
        showError(tr("Cannot open the session"), session.error().message);
        return false;
    }
    m_watcher->setPaused(true);
    SessionForm::apply(m_panels, *session);
    m_watcher->setPaused(false);
    setCurrentPath(path);
    m_panels.window->statusBar()->showMessage(SessionForm::openedText(*session, QFileInfo(path).fileName()));
    return true;
}

void SessionActions::setCurrentPath(const QString &path)
{
    m_path = QFileInfo(path).absoluteFilePath();
    addRecent(m_path);
    m_panels.window->setWindowModified(false);
    updateTitle();
}

void SessionActions::updateTitle()
{
    // [*] is where Qt shows the modified marker ("*") while the window is modified.
    m_panels.window->setWindowTitle(m_path.isEmpty() ? m_plainTitle + QStringLiteral("[*]")
                                                     : tr("%1[*] — tcptune").arg(QFileInfo(m_path).fileName()));
}

void SessionActions::addRecent(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    settings.setValue(kRecentKey, QStringList(recent.mid(0, kRecentCount)));
    fillRecentMenu();
}

void SessionActions::fillRecentMenu()
{
    m_recent->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString &path : recent) {
        QAction *action = m_recent->addAction(QFileInfo(path).fileName(), this, [this, path] { openFrom(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    m_recent->setEnabled(!recent.isEmpty());
}

void SessionActions::showError(const QString &title, const QString &message)
{
    m_panels.window->statusBar()->showMessage(title);
    // Window-modal but not blocking: the window stays as it was behind it.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, m_panels.window);
    box->setObjectName(QStringLiteral("sessionError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void SessionActions::saveSettings(QSettings &settings) const
{
    settings.setValue(
        kSweepKey,
        QJsonDocument(WorkbenchSession::sweepToJson(SessionForm::sweepOf(m_panels))).toJson(QJsonDocument::Compact));
    settings.setValue(QStringLiteral("session/current"), m_path);
    settings.setValue(QStringLiteral("session/modified"), m_panels.window->isWindowModified());
}

void SessionActions::restoreSettings(const QSettings &settings)
{
    const QJsonDocument sweep = QJsonDocument::fromJson(settings.value(kSweepKey).toByteArray());
    if (auto read = WorkbenchSession::sweepFromJson(sweep.isObject() ? QJsonValue(sweep.object()) : QJsonValue());
        read && *read)
        SessionForm::applySweep(m_panels, **read);
    m_path = settings.value(QStringLiteral("session/current")).toString();
    if (!m_path.isEmpty() && !QFileInfo::exists(m_path))
        m_path.clear();
    m_restoredModified = settings.value(QStringLiteral("session/modified")).toBool();
}

} // namespace tcptune
