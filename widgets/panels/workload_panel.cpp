#include "panels/workload_panel.h"

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_catalogue.h"
#include "panels/range_check.h"
#include "traffic/workload_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace tcptune {

namespace {

QComboBox *sizeCombo(const QStringList &items, const QString &objectName, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    combo->addItems(items);
    combo->setObjectName(objectName);
    return combo;
}

// BYTES as the size field's choices write it ("128K", "1M"), so a loaded spec or session shows
// the choice it is, not 131072.
QString sizeText(qint64 bytes)
{
    constexpr qint64 kKiB = 1024;
    if (bytes > 0 && bytes % (kKiB * kKiB) == 0)
        return QString::number(bytes / (kKiB * kKiB)) + QLatin1Char('M');
    if (bytes > 0 && bytes % kKiB == 0)
        return QString::number(bytes / kKiB) + QLatin1Char('K');
    return QString::number(bytes);
}

// The values the kernel offers for KNOB (its /proc/sys list), else the catalogue's fixed ones.
QStringList enumChoices(const KnobInfo &knob)
{
    QFile file(knob.enumSource);
    if (knob.enumSource.isEmpty() || !file.open(QIODevice::ReadOnly))
        return knob.enumValues;
    return QString::fromUtf8(file.readAll()).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QString settingsKey(const KnobInfo &knob)
{
    return QStringLiteral("workload/") + knob.socket.panelField;
}

} // namespace

WorkloadPanel::WorkloadPanel(QWidget *parent)
    : QGroupBox(tr("Workload"), parent)
    , m_kind(new QComboBox(this))
    , m_direction(new QComboBox(this))
    , m_duration(new QDoubleSpinBox(this))
    , m_idle(new QDoubleSpinBox(this))
    , m_streams(new QSpinBox(this))
    , m_writeSize(sizeCombo({QStringLiteral("128K"), QStringLiteral("16K"), QStringLiteral("64K"), QStringLiteral("1M"),
                             QStringLiteral("4K"), QStringLiteral("512")},
                            QStringLiteral("writeSize"), this))
{
    // Made in the order of the form, the order Tab walks.
    makeSocketOptionFields();
    m_capture = new QCheckBox(tr("Record capture"), this);
    m_sampleMs = new QSpinBox(this);
    // Long (translated) choices do not widen the panel: the list shows them whole.
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kind->setMinimumContentsLength(12);
    m_direction->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_direction->setMinimumContentsLength(12);
    m_kind->setObjectName(QStringLiteral("workloadKind"));
    for (const WorkloadDescriptor &workload : workloads()) {
        m_kind->addItem(workload.translatedLabel(), workload.nameText());
        if (workload.hint)
            m_kind->setItemData(m_kind->count() - 1, workload.translatedHint(), Qt::ToolTipRole);
    }
    m_direction->setObjectName(QStringLiteral("direction"));
    m_direction->addItem(tr("this host sends (upload)"), QStringLiteral("up"));
    m_direction->addItem(tr("the target sends (download)"), QStringLiteral("down"));
    m_direction->addItem(tr("both send at once"), QStringLiteral("both"));
    m_direction->setToolTip(tr("Which end sends the data. Down measures the target's sending, as when a NAS "
                               "serves a download or an NFS server answers reads; both runs the two at the same "
                               "time, each direction measured by its own sender."));
    m_duration->setObjectName(QStringLiteral("duration"));
    m_duration->setDecimals(1);
    m_duration->setSuffix(tr(" s"));
    m_idle->setObjectName(QStringLiteral("idleS"));
    m_idle->setDecimals(1);
    m_idle->setRange(0, kMaxIdleS);
    m_idle->setSuffix(tr(" s"));
    m_idle->setToolTip(tr("Seconds of probing alone before the streams start: the idle latency the loaded one is "
                          "compared with."));
    m_streams->setObjectName(QStringLiteral("streams"));
    m_capture->setObjectName(QStringLiteral("recordCapture"));
    m_capture->setToolTip(tr("Capture the run's packets at the sender (pcap), kept with the run: History's "
                             "\"Show capture\" overlays them on the charts."));
    m_sampleMs->setObjectName(QStringLiteral("sampleMs"));
    m_sampleMs->setSuffix(tr(" ms"));
    m_sampleMs->setToolTip(tr("How often TCP_INFO of every sending socket is sampled."));
    setUpChecks();
    layOut();
    connect(m_kind, &QComboBox::currentIndexChanged, this, &WorkloadPanel::showWorkloadFields);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &WorkloadPanel::setUpLatencyUnderLoad);
    showWorkloadFields();
}

// Only the rows of fields the chosen workload reads; a hidden field keeps its value for the next
// workload that reads it.
void WorkloadPanel::showWorkloadFields()
{
    const auto workload = parseWorkload(m_kind->currentData().toString());
    const WorkloadFields shown = workload ? workloadDescriptor(*workload).panelFields : WorkloadFields();
    if (auto *form = qobject_cast<QFormLayout *>(layout())) {
        form->setRowVisible(m_writeSize, shown.testFlag(WorkloadField::WriteSize));
        form->setRowVisible(m_idle, workload && workloadDescriptor(*workload).underLoad);
    }
}

// Latency under load is measured with streams each way (Flent's RRUL: four up, four down): chosen,
// it sets them, as a spec that does not say gets them. A spec or the settings loaded after the
// choice keep their own (loadFrom, restoreSettings set the kind first).
void WorkloadPanel::setUpLatencyUnderLoad()
{
    const auto workload = parseWorkload(m_kind->currentData().toString());
    if (!workload || !workloadDescriptor(*workload).underLoad)
        return;
    const WorkloadDescriptor &described = workloadDescriptor(*workload);
    m_direction->setCurrentIndex(m_direction->findData(directionName(described.defaultDirection)));
    m_streams->setValue(described.defaultStreams);
}

// A field for each socket option the catalogue gives a panel field, in the catalogue's order:
// those with a heading first, then the switches, as the form shows them (Tab walks the fields in
// the order they are made).
void WorkloadPanel::makeSocketOptionFields()
{
    QList<KnobInfo> shown;
    for (const KnobInfo &knob : KnobCatalogue::instance().ofKind(KnobKind::SocketOption))
        if (!knob.socket.panelField.isEmpty())
            shown.append(knob);
    std::stable_partition(shown.begin(), shown.end(), [](const KnobInfo &k) { return k.type != ValueType::Bool; });
    for (const KnobInfo &knob : shown)
        m_socketOptions.append(makeSocketOptionField(knob));
}

// A check box for a switch, a list of the kernel's values for a choice, else an editable size. An
// empty field leaves the option unset (its unset text says what that means).
WorkloadPanel::SocketOptionField WorkloadPanel::makeSocketOptionField(const KnobInfo &knob)
{
    const SocketOptionInfo &option = knob.socket;
    SocketOptionField field{knob, nullptr, nullptr};
    if (knob.type == ValueType::Bool) {
        field.toggle = new QCheckBox(option.translatedHeading(), this);
        field.toggle->setObjectName(option.panelField);
        field.toggle->setToolTip(option.translatedHint());
        return field;
    }
    if (knob.type == ValueType::Enum) {
        field.choice = new QComboBox(this);
        field.choice->setObjectName(option.panelField);
        field.choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        field.choice->setMinimumContentsLength(12);
        field.choice->addItem(option.translatedUnsetText(), QString());
        for (const QString &value : enumChoices(knob))
            field.choice->addItem(value, value);
    } else {
        const QStringList sizes = {QString(), QStringLiteral("64K"), QStringLiteral("256K"), QStringLiteral("1M"),
                                   QStringLiteral("4M")};
        field.choice = sizeCombo(knob.unit == Unit::Bytes ? sizes : QStringList{QString()}, option.panelField, this);
        field.choice->lineEdit()->setPlaceholderText(option.translatedUnsetText());
    }
    field.choice->setToolTip(option.translatedHint());
    return field;
}

QString WorkloadPanel::SocketOptionField::value() const
{
    if (toggle)
        return toggle->isChecked() ? QStringLiteral("1") : QString();
    if (choice->isEditable())
        return choice->currentText().trimmed();
    return choice->currentData().toString();
}

void WorkloadPanel::SocketOptionField::show(const QString &value)
{
    if (toggle)
        toggle->setChecked(value == QLatin1String("1"));
    else if (choice->isEditable())
        choice->setCurrentText(value);
    else
        choice->setCurrentIndex(std::max(0, choice->findData(value)));
}

// The spec's limits, checked at the fields: a value beyond them is refused there, not clamped.
void WorkloadPanel::setUpChecks()
{
    m_checks = {new RangeCheck(m_duration, tr("Duration"), ExperimentSpec::kMinDurationS, ExperimentSpec::kMaxDurationS,
                               tr(" s")),
                new RangeCheck(m_streams, tr("Streams"), 1, ExperimentSpec::kMaxStreams),
                new RangeCheck(m_sampleMs, tr("Sample every"), 1, ExperimentSpec::kMaxSampleMs, tr(" ms"))};
    m_duration->setValue(10);
    m_streams->setValue(1);
    m_idle->setValue(ExperimentSpec().workload.idleS);
    m_sampleMs->setValue(10);
}

void WorkloadPanel::layOut()
{
    auto *form = new QFormLayout(this);
    form->addRow(tr("Kind"), m_kind);
    form->addRow(tr("Direction"), m_direction);
    form->addRow(tr("Duration"), m_duration);
    form->addRow(QString(), m_checks.at(0)->message());
    form->addRow(tr("Idle phase"), m_idle);
    form->addRow(tr("Streams"), m_streams);
    form->addRow(QString(), m_checks.at(1)->message());
    form->addRow(tr("Write size"), m_writeSize);
    for (const SocketOptionField &field : m_socketOptions) {
        if (field.toggle)
            form->addRow(QString(), field.toggle);
        else
            form->addRow(field.knob.socket.translatedHeading(), field.choice);
    }
    form->addRow(QString(), m_capture);
    form->addRow(tr("Sample every"), m_sampleMs);
    form->addRow(QString(), m_checks.at(2)->message());
}

Result<void> WorkloadPanel::applyTo(ExperimentSpec &spec) const
{
    for (const RangeCheck *check : m_checks)
        if (auto ok = check->check(); !ok)
            return fail(tr("Workload: %1").arg(ok.error().message));
    spec.workload.type = parseWorkload(m_kind->currentData().toString()).value_or(Workload::Bulk);
    spec.workload.direction = m_direction->currentData().toString();
    spec.workload.streams = m_streams->value();
    spec.workload.idleS = m_idle->value();
    spec.durationS = m_duration->value();
    spec.sampleMs = m_sampleMs->value();
    spec.capture = m_capture->isChecked();
    if (auto ok = spec.setParameter(QStringLiteral("workload.write_size"), m_writeSize->currentText().trimmed()); !ok)
        return fail(tr("Workload, write size: %1").arg(ok.error().message));
    for (const SocketOptionField &field : m_socketOptions) {
        spec.knobs.remove(field.knob.key);
        const QString value = field.value();
        if (value.isEmpty())
            continue;
        if (auto ok = spec.setParameter(field.knob.key, value); !ok)
            return fail(tr("Workload, %1: %2").arg(field.knob.key, ok.error().message));
    }
    return {};
}

void WorkloadPanel::loadFrom(const ExperimentSpec &spec)
{
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(workloadName(spec.workload.type))));
    m_direction->setCurrentIndex(std::max(0, m_direction->findData(spec.workload.direction)));
    m_streams->setValue(spec.workload.streams);
    m_idle->setValue(spec.workload.idleS);
    m_duration->setValue(spec.durationS);
    m_sampleMs->setValue(spec.sampleMs);
    m_writeSize->setCurrentText(sizeText(spec.workload.writeSize));
    for (SocketOptionField &field : m_socketOptions)
        field.show(spec.knobs.value(field.knob.key));
    m_capture->setChecked(spec.capture);
}

void WorkloadPanel::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("workload/kind"), m_kind->currentIndex());
    settings.setValue(QStringLiteral("workload/direction"), m_direction->currentData());
    settings.setValue(QStringLiteral("workload/duration"), m_duration->value());
    settings.setValue(QStringLiteral("workload/streams"), m_streams->value());
    settings.setValue(QStringLiteral("workload/idleS"), m_idle->value());
    settings.setValue(QStringLiteral("workload/writeSize"), m_writeSize->currentText());
    // Check boxes as booleans, sizes as typed, choices as their value (settings of earlier versions).
    for (const SocketOptionField &field : m_socketOptions)
        settings.setValue(settingsKey(field.knob),
                          field.toggle ? QVariant(field.toggle->isChecked()) : QVariant(field.value()));
    settings.setValue(QStringLiteral("workload/capture"), m_capture->isChecked());
    settings.setValue(QStringLiteral("workload/sampleMs"), m_sampleMs->value());
}

void WorkloadPanel::restoreSettings(const QSettings &settings)
{
    if (!settings.contains(QStringLiteral("workload/kind")))
        return;
    m_kind->setCurrentIndex(settings.value(QStringLiteral("workload/kind")).toInt());
    m_direction->setCurrentIndex(
        std::max(0, m_direction->findData(settings.value(QStringLiteral("workload/direction")).toString())));
    m_duration->setValue(settings.value(QStringLiteral("workload/duration"), 10).toDouble());
    m_streams->setValue(settings.value(QStringLiteral("workload/streams"), 1).toInt());
    m_idle->setValue(settings.value(QStringLiteral("workload/idleS"), ExperimentSpec().workload.idleS).toDouble());
    m_writeSize->setCurrentText(settings.value(QStringLiteral("workload/writeSize")).toString());
    for (SocketOptionField &field : m_socketOptions) {
        const QVariant value = settings.value(settingsKey(field.knob));
        field.show(field.toggle ? (value.toBool() ? QStringLiteral("1") : QString()) : value.toString());
    }
    m_capture->setChecked(settings.value(QStringLiteral("workload/capture")).toBool());
    m_sampleMs->setValue(settings.value(QStringLiteral("workload/sampleMs"), 10).toInt());
}

void WorkloadPanel::setDuration(double seconds)
{
    m_duration->setValue(seconds);
}

void WorkloadPanel::setStreams(int streams)
{
    m_streams->setValue(streams);
}

void WorkloadPanel::setSampleMs(int ms)
{
    m_sampleMs->setValue(ms);
}

} // namespace tcptune
