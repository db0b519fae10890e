#pragma once
// What the user does with a tune's answer: Export... (the recommended changes of one end as a
// sysctl.d file, tuned profile, shell script or socket options, written atomically), Apply until
// I quit (this end's recommended sysctls through the window's one HelperConnection, like the
// Knobs tab's edits: rolled back when tcptune quits) and Make permanent... (this end's sysctls as
// /etc/sysctl.d/90-tcptune-NAME.conf through the helper). Each button is disabled, saying why,
// when there is no answer or nothing of its kind to use.

#include "common/error.h"
#include "experiment/record/run_record.h"
#include "experiment/tune/tune_exports.h"
#include "experiment/tune/tuner_search.h"

#include <QMap>
#include <QString>
#include <QWidget>

class QPushButton;

namespace tcptune {

class HelperConnection;
struct TuneOutcome; // tune_job.h brings runner.h's metatypes into this area's moc files

class TuneAnswerActions final : public QWidget {
    Q_OBJECT
public:
    // HELPER (the window's one connection) must outlive this.
    explicit TuneAnswerActions(HelperConnection *helper, QWidget *parent = nullptr);

    // The answer to act on, its name in exports and the namespace of this end's knobs (the lab's
    // client namespace; empty: this host). Without an answer every button is disabled.
    void setOutcome(const TuneOutcome &outcome, const QString &name, const QString &localNetns);
    void clear();

    // This end's recommended sysctls (key -> value).
    QMap<QString, QString> localSysctls() const;
    // Writes FORMAT of END's changes to PATH, atomically.
    [[nodiscard]] Result<void> exportTo(const QString &path, TuneExportFormat format, RunEnd end) const;

    QPushButton *exportButton() const { return m_export; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *permanentButton() const { return m_permanent; }

Q_SIGNALS:
    // What an action did or why it failed, for the tab's status line.
    void reported(const QString &text);
    // This end's knobs changed through the helper (the Knobs tab shows them again).
    void knobsApplied();

private:
    void exportAnswer();
    void applyUntilQuit();
    void makePermanentAsked();
    bool confirmCoreFeatures(const QString &netns);
    bool hasChanges(RunEnd end) const;
    void updateButtons();

    HelperConnection *m_helper;
    QPushButton *m_export;
    QPushButton *m_apply;
    QPushButton *m_permanent;
    bool m_hasAnswer = false;
    TuneAnswer m_answer;
    QString m_name;
    QString m_localNetns;
    bool m_confirmed = false; // the user said Yes to a core TCP feature turned off
};

} // namespace tcptune
