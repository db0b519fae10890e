#pragma once
// The knob panel: the catalogue's sysctls of the host or of a lab namespace, editable through
// tcptune-helper (switches, spin boxes with units, choices for enums). It shows the original
// and the current value, marks changed knobs, reverts one or all, and shows the helper's
// errors inline.

#include "helper/helper_client.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace tcptune {

class HelperSession;
class KnobTableModel;

class KnobPanel final : public QWidget {
    Q_OBJECT
public:
    explicit KnobPanel(QWidget *parent = nullptr);

    KnobTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    HelperSession *session() const { return m_session; }
    // Where the helper comes from (tests: the build tree and a test journal folder).
    void setHelperOptions(const HelperStartOptions &options);
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
    void requestChange(const QString &key, const QString &value);
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
    HelperSession *m_session;
};

} // namespace tcptune
