#pragma once
// The Target panel's "SSH host" page: the login (user@host[:port]), an optional ssh config file
// for special set-ups (ssh -F), and "Test connection", which logs in as a run would, without
// freezing the window (FarHostCheck on its own thread), and reports within 10 s: ssh ok, the far
// agent's version, whether the far helper can set knobs (and why not), the far kernel and the far
// values of the catalogue's knobs; or one line that says what to do.

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"
#include "traffic/agent_protocol.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QTableWidget;

namespace tcptune {

class FarHostCheck;

class SshTargetPage final : public QWidget {
    Q_OBJECT
public:
    explicit SshTargetPage(QWidget *parent = nullptr);

    // The target as typed (kind Ssh); an error naming what is wrong with the login.
    [[nodiscard]] Result<TargetSpec> target() const;
    void setTarget(const TargetSpec &target);
    // Where the login is typed (the Target panel selects it for the next end to add).
    QLineEdit *loginField() const { return m_login; }
    // Empties the login (the ssh config stays for the next host) and forgets the test's answer.
    void clearLogin();

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

    // The last successful test's description of the far host, if any (cleared when the login
    // changes).
    const std::optional<agentproto::HostDescription> &farHost() const { return m_farHost; }
    // The report as shown (one line per field, or the failure's one line).
    QString reportText() const;
    bool isTesting() const;

public Q_SLOTS:
    void testConnection();

Q_SIGNALS:
    void changed();
    // A test ended: the far host described, or nullopt when it failed or the login changed.
    void farHostChanged();

private:
    void showDescription(const agentproto::HostDescription &description);
    void showFailure(const QString &message);
    void fillKnobTable(const KnobSnapshot &knobs);
    void forgetFarHost();
    bool testEnded();

    QLineEdit *m_login;
    QLineEdit *m_config;
    QPushButton *m_test;
    QLabel *m_report;
    QTableWidget *m_knobs;
    FarHostCheck *m_check;
    QString m_tested; // the login and config of the test in progress
    std::optional<agentproto::HostDescription> m_farHost;
};

} // namespace tcptune
