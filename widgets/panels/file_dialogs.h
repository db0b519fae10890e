#pragma once

// The workbench's file dialogs. Qt's own dialog (no desktop portal, e.g. under a bare window
// manager) asks its icon provider for each file's icon and type, and the default provider
// guesses a file without a known suffix by reading it: beside a session it opened the result
// store's results.db-shm and closed it. Closing any descriptor of a file drops every POSIX
// lock this process holds on it, SQLite's too; another process (`tcptune results`, a sweep)
// then took itself for the store's last user and deleted the write-ahead log the workbench was
// still writing to: a run finished in the window and never reached the store. These dialogs
// name files by their suffix and open none.

#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace tcptune::filedialogs {

// The file chosen to open, or empty when the user cancelled.
QString openFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
// The file chosen to save to (an existing one confirmed), or empty when the user cancelled;
// SELECTED_FILTER, when given, receives the filter chosen.
QString saveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                     QString *selectedFilter = nullptr);

} // namespace tcptune::filedialogs
