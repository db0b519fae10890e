#include "tune/tune_answer_actions.h"

#include "experiment/spec/experiment_spec.h"
#include "experiment/tune/tune_job.h"
#include "helper/helper_connection.h"
#include "helper/permanent_sysctls.h"
#include "knobs/core_feature_confirmation.h"
#include "knobs/knob_catalogue.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>

namespace tcptune {
namespace {

// The export's formats as the file dialog offers them, in its filters' order.
QList<QPair<TuneExportFormat, QString>> exportFilters()
{
    return {{TuneExportFormat::SysctlD, TuneAnswerActions::tr("sysctl.d file (*.conf)")},
            {TuneExportFormat::Tuned, TuneAnswerActions::tr("tuned profile (tuned.conf)")},
            {TuneExportFormat::Shell, TuneAnswerActions::tr("Shell script (*.sh)")},
            {TuneExportFormat::SocketOptions, TuneAnswerActions::tr("Socket options (*.txt)")}};
}

} // namespace

TuneAnswerActions::TuneAnswerActions(HelperConnection *helper, QWidget *parent)
    : QWidget(parent)
    , m_helper(helper)
    , m_export(new QPushButton(tr("E&xport..."), this))
    , m_apply(new QPushButton(tr("Apply until I quit"), this))
    , m_permanent(new QPushButton(tr("Make permanent..."), this))
{
    m_export->setObjectName(QStringLiteral("tuneExport"));
    m_apply->setObjectName(QStringLiteral("tuneApply"));
    m_permanent->setObjectName(QStringLiteral("tunePermanent"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_export);
    layout->addWidget(m_apply);
    layout->addWidget(m_permanent);
    layout->addStretch(1);
    connect(m_export, &QPushButton::clicked, this, &TuneAnswerActions::exportAnswer);
    connect(m_apply, &QPushButton::clicked, this, &TuneAnswerActions::applyUntilQuit);
    connect(m_permanent, &QPushButton::clicked, this, &TuneAnswerActions::makePermanentAsked);
    updateButtons();
}

void TuneAnswerActions::setOutcome(const TuneOutcome &outcome, const QString &name, const QString &localNetns)
{
    m_hasAnswer = outcome.searched;
    m_answer = outcome.answer;
    m_name = name;
    m_localNetns = localNetns;
    m_confirmed = false;
    updateButtons();
}

void TuneAnswerActions::clear()
{
    m_hasAnswer = false;
    m_answer = TuneAnswer();
    updateButtons();
}

bool TuneAnswerActions::hasChanges(RunEnd end) const
{
    for (const TuneChange &c : m_answer.changes)
        if (c.knob.startsWith(ExperimentSpec::kRemotePrefix) == (end == RunEnd::Remote))
            return true;
    return false;
}

QMap<QString, QString> TuneAnswerActions::localSysctls() const
{
    return tuneSysctlsAt(m_answer, RunEnd::Local);
}

// Disabled buttons say why in their tooltips.
void TuneAnswerActions::updateButtons()
{
    const bool changes = m_hasAnswer && !m_answer.changes.isEmpty();
    const bool sysctls = changes && !localSysctls().isEmpty();
    const QString noAnswer = tr("No answer yet: start a tune and let it end.");
    const QString noChange = tr("The tune recommends no change.");
    const QString noSysctl = tr("The tune recommends no sysctl on this end.");
    m_export->setEnabled(changes);
    m_export->setToolTip(!m_hasAnswer ? noAnswer : !changes ? noChange : tr("Save the recommended changes as a file."));
    m_apply->setEnabled(sysctls);
    m_apply->setToolTip(!m_hasAnswer ? noAnswer
                        : !changes   ? noChange
                        : !sysctls   ? noSysctl
                                     : tr("Set this end's recommended sysctls now; tcptune puts them back when it "
                                            "quits."));
    m_permanent->setEnabled(sysctls);
    m_permanent->setToolTip(!m_hasAnswer ? noAnswer
                            : !changes   ? noChange
                            : !sysctls   ? noSysctl
                                         : tr("Write this end's recommended sysctls to a file in /etc/sysctl.d, "
                                                "loaded at every boot."));
}

Result<void> TuneAnswerActions::exportTo(const QString &path, TuneExportFormat format, RunEnd end) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write %1: %2").arg(path, file.errorString()));
    file.write(tuneExport(m_answer, end, format, m_name));
    if (!file.commit())
        return fail(tr("Cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

void TuneAnswerActions::exportAnswer()
{
    RunEnd end = hasChanges(RunEnd::Local) ? RunEnd::Local : RunEnd::Remote;
    if (hasChanges(RunEnd::Local) && hasChanges(RunEnd::Remote)) {
        const QStringList ends{tr("This end"), tr("Far end")};
        bool ok = false;
        const QString chosen =
            QInputDialog::getItem(this, tr("Export"), tr("Whose changes to export:"), ends, 0, false, &ok);
        if (!ok)
            return;
        end = chosen == ends.at(0) ? RunEnd::Local : RunEnd::Remote;
    }
    QFileDialog dialog(this, tr("Export the recommended changes"));
    dialog.setObjectName(QStringLiteral("tuneExportDialog"));
    dialog.setOption(QFileDialog::DontUseNativeDialog); // the same dialog everywhere (and in tests)
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    QStringList filters;
    for (const auto &[format, filter] : exportFilters())
        filters.append(filter);
    dialog.setNameFilters(filters);
    dialog.selectFile(QStringLiteral("90-tcptune.conf"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const auto format = exportFilters().value(int(filters.indexOf(dialog.selectedNameFilter()))).first;
    const QString path = dialog.selectedFiles().constFirst();
    const Result<void> written = exportTo(path, format, end);
    Q_EMIT reported(written ? tr("Wrote %1.").arg(path) : written.error().message);
}

// Asks before a core TCP feature is turned off on the host, as the Knobs tab does.
bool TuneAnswerActions::confirmCoreFeatures(const QString &netns)
{
    const QMap<QString, QString> sysctls = localSysctls();
    for (auto it = sysctls.begin(); it != sysctls.end(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        if (knob && CoreFeatureConfirmation::needed(*knob, it.value(), netns)) {
            if (!CoreFeatureConfirmation::ask(this, *knob, it.value()))
                return false;
            m_confirmed = true;
        }
    }
    return true;
}

void TuneAnswerActions::applyUntilQuit()
{
    if (!confirmCoreFeatures(m_localNetns))
        return;
    const QMap<QString, QString> sysctls = localSysctls();
    const QString netns = m_localNetns;
    const bool confirmed = m_confirmed;
    m_helper->submit(this, [this, sysctls, netns, confirmed](HelperConnection &helper) -> std::function<void()> {
        QStringList errors;
        for (auto it = sysctls.begin(); it != sysctls.end(); ++it)
            if (auto change = helper.set(it.key(), it.value(), netns, confirmed); !change)
                errors.append(change.error().message);
        return [this, errors, keys = QStringList(sysctls.keys())] {
            Q_EMIT knobsApplied();
            Q_EMIT reported(errors.isEmpty()
                                ? tr("Applied until tcptune quits: %1.").arg(keys.join(QStringLiteral(", ")))
                                : errors.join(QLatin1Char(' ')));
        };
    });
}

void TuneAnswerActions::makePermanentAsked()
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Make permanent"),
                              tr("This host loads the file at every boot: /etc/sysctl.d/90-tcptune-NAME.conf. Name:"),
                              QLineEdit::Normal, QStringLiteral("tune"), &ok)
            .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (!confirmCoreFeatures(QString()))
        return;
    const QMap<QString, QString> sysctls = localSysctls();
    const bool confirmed = m_confirmed;
    m_helper->submit(this, [this, name, sysctls, confirmed](HelperConnection &helper) -> std::function<void()> {
        const Result<PermanentSysctls> written = makePermanent(helper, name, sysctls, confirmed);
        const QString text =
            written ? tr("Wrote %1: this host loads it at every boot.").arg(written->path) : written.error().message;
        return [this, text] { Q_EMIT reported(text); };
    });
}

} // namespace tcptune
