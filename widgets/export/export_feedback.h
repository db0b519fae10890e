#pragma once
// What an export says when it is done: the files in the window's status bar, with an
// "Open folder" button beside them, and the folder remembered (QSettings, per kind of export) so
// that the next dialog opens there rather than in the working directory.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QMainWindow;
class QPushButton;

namespace tcptune {

class ExportFeedback final : public QObject {
    Q_OBJECT
public:
    explicit ExportFeedback(QMainWindow *window);

    // Shows FILES as written and remembers their folder for KIND ("report", "chart").
    void exported(const QString &kind, const QStringList &files);
    // The folder the next dialog of KIND starts in: the last one used, else the home folder.
    static QString folderFor(const QString &kind);
    // FILE_NAME in the remembered folder of KIND, for a save dialog's proposal.
    static QString proposal(const QString &kind, const QString &fileName);

    QPushButton *openFolderButton() const { return m_openFolder; }
    QString lastFolder() const { return m_folder; }

Q_SIGNALS:
    void folderOpened(const QString &folder);

private:
    QMainWindow *m_window;
    QPushButton *m_openFolder;
    QString m_folder;
};

} // namespace tcptune
