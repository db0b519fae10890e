#include "export/export_feedback.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUrl>

namespace tcptune {
namespace {

constexpr int kShownMs = 30000;

QString settingsKey(const QString &kind)
{
    return QStringLiteral("export/folder/") + kind;
}

} // namespace

ExportFeedback::ExportFeedback(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_openFolder(new QPushButton(tr("Open folder"), window))
{
    m_openFolder->setObjectName(QStringLiteral("openExportFolder"));
    m_openFolder->setFlat(true);
    m_openFolder->hide();
    m_window->statusBar()->addPermanentWidget(m_openFolder);
    connect(m_openFolder, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(m_folder));
        Q_EMIT folderOpened(m_folder);
    });
    // The button belongs to the message: it goes when the message goes.
    connect(m_window->statusBar(), &QStatusBar::messageChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            m_openFolder->hide();
    });
}

void ExportFeedback::exported(const QString &kind, const QStringList &files)
{
    if (files.isEmpty())
        return;
    m_folder = QFileInfo(files.first()).absolutePath();
    QSettings().setValue(settingsKey(kind), m_folder);
    QStringList names;
    for (const QString &file : files)
        names.append(QFileInfo(file).fileName());
    m_window->statusBar()->showMessage(
        tr("Exported %1 to %2.").arg(names.join(QStringLiteral(", ")), QDir::toNativeSeparators(m_folder)), kShownMs);
    m_openFolder->show();
}

QString ExportFeedback::folderFor(const QString &kind)
{
    const QString folder = QSettings().value(settingsKey(kind)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::homePath();
}

QString ExportFeedback::proposal(const QString &kind, const QString &fileName)
{
    return QDir(folderFor(kind)).filePath(fileName);
}

} // namespace tcptune
