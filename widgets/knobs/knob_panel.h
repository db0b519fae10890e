#pragma once
// The knob panel: the catalogue's sysctls where the current target's traffic starts (the lab's
// client namespace, or this host for a real host), editable through tcptune-helper (switches,
// numbers with units, choices for enums). Its title says where that is; looking at another
// place of the target (the lab's receiver or router) shows a warning that changes there do not
// reach the sender. It shows the original and the current value, marks changed knobs, reverts
// one or all, and shows the helper's errors inline. The helper is the window's one
// HelperConnection, shared with runs and sweeps; its blocking calls run on the connection's
// worker, never on the GUI thread. For an ssh target both ends stand side by side (Local |
// Remote): the far values as the Target panel's connection test read them, editable when the far
// helper can set knobs (the edits become the runs' remote:<key> knobs), read-only with the reason
// otherwise. Under the sysctls the Links group shows each end's devices, their facts and link
// knobs (LinkGroup).

#include "helper/helper_client.h"
#include "knobs/knob_scope.h"

#include "common/error.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace tcptune {

struct ExperimentSpec;
class HelperConnection;
class KnobTableModel;
class PendingKnobsNote;
class LinkGroup;

class KnobPanel final : public QWidget {
    Q_OBJECT
public:
    // HELPER must outlive the panel.
    explicit KnobPanel(HelperConnection *helper, QWidget *parent = nullptr);

    KnobTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    // Knobs a reopened session set by hand, not set yet: the next run sets them.
    PendingKnobsNote *pendingKnobs() const { return m_pending; }
    HelperConnection *helper() const { return m_helper; }
    // The Links group under the sysctls: the target's devices at each end and their link knobs.
    LinkGroup *links() const { return m_links; }
    QString currentNamespace() const;
    // The helper's last error as shown under the table; empty when none.
    QString errorText() const;
    // Where the panel edits, as its title says it ("Knobs of lab t1: client (sender)").
    QString title() const;
    // The warning shown when the place is not where the target's traffic starts; empty if none.
    QString warningText() const;
    const KnobScope &scope() const { return m_scope; }
    // The places listed in the chooser (netns, "" for the host).
    QStringList listedNamespaces() const;
    // The note over the table about the far end (why it is read-only, or how its edits apply);
    // empty without a far end.
    QString remoteNote() const;
    // Adds the Remote column's edits to SPEC as remote:<key> knobs.
    [[nodiscard]] Result<void> applyRemoteTo(ExperimentSpec &spec) const;

public Q_SLOTS:
    void refresh();
    // The target changed: list its places and show the sender's (or keep the one shown when the
    // target still has it).
    void setScope(const tcptune::KnobScope &scope);
    // Shows NETNS ("" for the host); lists it in the chooser if needed.
    void setNamespace(const QString &netns);
    void revertSelected();
    void revertAll();
    // SHOWN: the target has a far end (ssh); its VALUES (empty: not read yet), EDITABLE when its
    // helper can set knobs, else WHY NOT; CHOICES: the values its kernel offers for enum knobs.
    void setRemoteEnd(bool shown, const tcptune::KnobSnapshot &values, bool editable, const QString &whyNot,
                      const QMap<QString, QStringList> &choices = {});

Q_SIGNALS:
    // The short name of the place for the tab's title ("lab client", "host").
    void placeChanged(const QString &shortLabel);
    // The lab of the scope is not up; the user asked to build it.
    void labUpRequested(const QString &labName);

private:
    void buildHeader();
    void layOut(QPushButton *reload);
    // Asks first when the change turns a core TCP feature off on the host.
    void requestChange(const QString &key, const QString &value);
    // CONFIRMED: the user agreed (or it puts back what the host had), see HelperClient::set.
    void sendChange(const QString &key, const QString &value, bool confirmed);
    void onSetAnswered(const QString &key, const QString &netns, const Result<KnobChange> &change);
    void onRestoreAnswered(const Result<RestoreReport> &report);
    void connectModel();
    void showError(const QString &message);
    void showProblem(const QString &problem);
    void updateButtons();
    void fillPlaces();
    void updateTitle();

    KnobTableModel *m_model;
    QTableView *m_view;
    LinkGroup *m_links;
    QComboBox *m_place;
    QLabel *m_title;
    QLabel *m_warning;
    QLabel *m_remoteNote;
    PendingKnobsNote *m_pending;
    QPushButton *m_labUp;
    QLabel *m_status;
    QLabel *m_error;
    QPushButton *m_revertOne;
    QPushButton *m_revertAll;
    HelperConnection *m_helper;
    KnobScope m_scope;
};

} // namespace tcptune
