#pragma once
// Settings > Result store: where the workbench keeps its results, "This computer" (the SQLite
// file it uses) or "PostgreSQL server" (host or socket folder, port, database, user, sslmode),
// the address that makes, and "Test connection", which opens a ResultStore on it on a thread of
// its own and says "Connected: schema 8, N experiments" or the store's one line of what to fix.
// No password field: the password never goes into the address, libpq reads ~/.pgpass.

#include <QGroupBox>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace tcptune {

class StoreSettingsPage final : public QGroupBox {
    Q_OBJECT
public:
    explicit StoreSettingsPage(QWidget *parent = nullptr);

    // Shows LOCATION (a file or a postgresql:// address); empty: this computer's default file.
    void setLocation(const QString &location);
    // The chosen store: the SQLite file, or the server's address; empty while the server's
    // fields do not make an address.
    QString location() const;
    // What to save: empty for this computer's default file (so that it follows XDG_DATA_HOME).
    QString locationToSave() const;

    // Opens a ResultStore on location() off the GUI thread; testFinished() tells the outcome.
    void testConnection();
    bool isTesting() const { return m_testing; }
    QString testResult() const;

Q_SIGNALS:
    // The address changed; COMPLETE: it is one a store can be opened on.
    void locationChanged(bool complete);
    void testFinished(bool connected, const QString &message);

private:
    QWidget *buildServerFields();
    void connectFields();
    void updateAddress();
    void showTestResult(bool connected, const QString &message);

    QRadioButton *m_thisComputer;
    QRadioButton *m_server;
    QLabel *m_file;
    QWidget *m_serverFields;
    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QComboBox *m_sslMode;
    QLineEdit *m_address;
    QLabel *m_addressProblem;
    QLabel *m_overridden;
    QPushButton *m_test;
    QLabel *m_testResult;
    QString m_sqliteFile;   // the file "This computer" uses
    QString m_extraOptions; // libpq parameters of a saved address the page has no field for
    bool m_testing = false;
};

} // namespace tcptune
