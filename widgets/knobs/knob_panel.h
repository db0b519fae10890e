#pragma once
// The knob panel: the catalogue's sysctls of the host or of a lab namespace, editable through
// tcptune-helper (switches, spin boxes with units, choices for enums). It shows the original
// and the current value, marks changed knobs, reverts one or all, and shows the helper's
// errors inline. The helper is the window's one HelperConnection, shared with runs and sweeps;
// its blocking calls run on the connection's worker, never on the GUI thread.

#include "helper/helper_client.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace tcptune {

class HelperConnection;
class KnobTableModel;

class KnobPanel final : public QWidget {
    Q_OBJECT
public:
    // HELPER must outlive the panel.
    explicit KnobPanel(HelperConnection *helper, QWidget *parent = nullptr);

    KnobTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    HelperConnection *helper() const { return m_helper; }
    QString currentNamespace() const;
    // The helper's last error as shown under the table; empty when none.
    QString errorText() const;

public Q_SLOTS:
    void refresh();
    // Shows NETNS ("" for the host); lists it in the chooser if needed.
    void setNamespace(const QString &netns);
    void revertSelected();
    void revertAll();

private:
    // Asks first when the change turns a core TCP feature off on the host.
    void requestChange(const QString &key, const QString &value);
    // CONFIRMED: the user agreed (or it puts back what the host had), see HelperClient::set.
    void sendChange(const QString &key, const QString &value, bool confirmed);
    void onSetAnswered(const QString &key, const QString &netns, const Result<KnobChange> &change);
    void onRestoreAnswered(const Result<RestoreReport> &report);
    void connectModel();
    void showError(const QString &message);
    void updateButtons();
    void fillNamespaces();

    KnobTableModel *m_model;
    QTableView *m_view;
    QComboBox *m_namespace;
    QLabel *m_status;
    QLabel *m_error;
    QPushButton *m_revertOne;
    QPushButton *m_revertAll;
    HelperConnection *m_helper;
};

} // namespace tcptune
