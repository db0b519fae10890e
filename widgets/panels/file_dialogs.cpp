#include "panels/file_dialogs.h"

#include <QAbstractFileIconProvider>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeDatabase>

namespace tcptune::filedialogs {

namespace {

// Icons and types from a file's name alone (see the header for why nothing is read).
class NameOnlyIconProvider final : public QAbstractFileIconProvider {
public:
    QIcon icon(const QFileInfo &info) const override
    {
        return QAbstractFileIconProvider::icon(info.isDir() ? Folder : File);
    }
    QString type(const QFileInfo &info) const override
    {
        if (info.isDir())
            return QAbstractFileIconProvider::type(info);
        return QMimeDatabase().mimeTypeForFile(info.fileName(), QMimeDatabase::MatchExtension).comment();
    }
};

QString chosen(QFileDialog &dialog, QString *selectedFilter)
{
    static NameOnlyIconProvider provider;
    dialog.setIconProvider(&provider);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    if (selectedFilter)
        *selectedFilter = dialog.selectedNameFilter();
    return dialog.selectedFiles().value(0);
}

} // namespace

QString openFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    dialog.setFileMode(QFileDialog::ExistingFile);
    return chosen(dialog, nullptr);
}

QString saveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                     QString *selectedFilter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    return chosen(dialog, selectedFilter);
}

} // namespace tcptune::filedialogs
