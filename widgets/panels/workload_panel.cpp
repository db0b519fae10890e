#include "panels/workload_panel.h"

#include "experiment/experiment_spec.h"
#include "panels/range_check.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

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

QStringList availableCongestionControls()
{
    QFile file(QStringLiteral("/proc/sys/net/ipv4/tcp_available_congestion_control"));
    if (!file.open(QIODevice::ReadOnly))
        return {QStringLiteral("cubic"), QStringLiteral("reno")};
    return QString::fromUtf8(file.readAll()).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

const QString socketSndbuf = QStringLiteral("socket.SO_SNDBUF");
const QString socketRcvbuf = QStringLiteral("socket.SO_RCVBUF");
const QString socketNodelay = QStringLiteral("socket.TCP_NODELAY");
const QString socketCork = QStringLiteral("socket.TCP_CORK");
const QString socketCongestion = QStringLiteral("socket.TCP_CONGESTION");

} // namespace

WorkloadPanel::WorkloadPanel(QWidget *parent)
    : QGroupBox(tr("Workload"), parent)
    , m_kind(new QComboBox(this))
    , m_direction(new QComboBox(this))
    , m_duration(new QDoubleSpinBox(this))
    , m_streams(new QSpinBox(this))
    , m_writeSize(sizeCombo({QStringLiteral("128K"), QStringLiteral("16K"), QStringLiteral("64K"), QStringLiteral("1M"),
                             QStringLiteral("4K"), QStringLiteral("512")},
                            QStringLiteral("writeSize"), this))
    , m_sndbuf(sizeCombo(
          {QString(), QStringLiteral("64K"), QStringLiteral("256K"), QStringLiteral("1M"), QStringLiteral("4M")},
          QStringLiteral("sndbuf"), this))
    , m_rcvbuf(sizeCombo(
          {QString(), QStringLiteral("64K"), QStringLiteral("256K"), QStringLiteral("1M"), QStringLiteral("4M")},
          QStringLiteral("rcvbuf"), this))
    , m_nodelay(new QCheckBox(tr("TCP_NODELAY (Nagle off)"), this))
    , m_cork(new QCheckBox(tr("TCP_CORK"), this))
    , m_capture(new QCheckBox(tr("Record capture"), this))
    , m_congestion(new QComboBox(this))
    , m_sampleMs(new QSpinBox(this))
{
    // Long (translated) choices do not widen the panel: the list shows them whole.
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kind->setMinimumContentsLength(12);
    m_congestion->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_congestion->setMinimumContentsLength(12);
    m_direction->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_direction->setMinimumContentsLength(12);
    m_kind->setObjectName(QStringLiteral("workloadKind"));
    m_kind->addItem(tr("bulk stream"), QStringLiteral("bulk"));
    m_kind->addItem(tr("request/response"), QStringLiteral("rr"));
    m_kind->addItem(tr("split writes"), QStringLiteral("split-write"));
    m_kind->setItemData(2, tr("Each write is split in two: a small header, then the data (as iSCSI PDUs)."),
                        Qt::ToolTipRole);
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
    m_streams->setObjectName(QStringLiteral("streams"));
    m_sndbuf->setToolTip(tr("SO_SNDBUF; empty leaves send-buffer autotuning on."));
    m_sndbuf->lineEdit()->setPlaceholderText(tr("autotuned"));
    m_rcvbuf->setToolTip(tr("SO_RCVBUF; empty leaves receive-buffer autotuning on."));
    m_rcvbuf->lineEdit()->setPlaceholderText(tr("autotuned"));
    m_nodelay->setObjectName(QStringLiteral("nodelay"));
    m_cork->setObjectName(QStringLiteral("cork"));
    m_capture->setObjectName(QStringLiteral("recordCapture"));
    m_capture->setToolTip(tr("Capture the run's packets at the sender (pcap), kept with the run: History's "
                             "\"Show capture\" overlays them on the charts."));
    m_congestion->setObjectName(QStringLiteral("congestion"));
    m_congestion->addItem(tr("system default"), QString());
    for (const QString &cc : availableCongestionControls())
        m_congestion->addItem(cc, cc);
    m_sampleMs->setObjectName(QStringLiteral("sampleMs"));
    m_sampleMs->setSuffix(tr(" ms"));
    m_sampleMs->setToolTip(tr("How often TCP_INFO of every sending socket is sampled."));
    setUpChecks();
    layOut();
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
    m_sampleMs->setValue(10);
}

void WorkloadPanel::layOut()
{
    auto *form = new QFormLayout(this);
    form->addRow(tr("Kind"), m_kind);
    form->addRow(tr("Direction"), m_direction);
    form->addRow(tr("Duration"), m_duration);
    form->addRow(QString(), m_checks.at(0)->message());
    form->addRow(tr("Streams"), m_streams);
    form->addRow(QString(), m_checks.at(1)->message());
    form->addRow(tr("Write size"), m_writeSize);
    form->addRow(tr("Send buffer"), m_sndbuf);
    form->addRow(tr("Receive buffer"), m_rcvbuf);
    form->addRow(tr("Congestion control"), m_congestion);
    form->addRow(QString(), m_nodelay);
    form->addRow(QString(), m_cork);
    form->addRow(QString(), m_capture);
    form->addRow(tr("Sample every"), m_sampleMs);
    form->addRow(QString(), m_checks.at(2)->message());
}

Result<void> WorkloadPanel::applyTo(ExperimentSpec &spec) const
{
    for (const RangeCheck *check : m_checks)
        if (auto ok = check->check(); !ok)
            return fail(tr("Workload: %1").arg(ok.error().message));
    spec.workload.type = m_kind->currentData().toString();
    spec.workload.direction = m_direction->currentData().toString();
    spec.workload.streams = m_streams->value();
    spec.durationS = m_duration->value();
    spec.sampleMs = m_sampleMs->value();
    spec.capture = m_capture->isChecked();
    if (auto ok = spec.setParameter(QStringLiteral("workload.write_size"), m_writeSize->currentText().trimmed()); !ok)
        return fail(tr("Workload, write size: %1").arg(ok.error().message));
    for (const QString &key : {socketSndbuf, socketRcvbuf, socketNodelay, socketCork, socketCongestion})
        spec.knobs.remove(key);
    const QList<std::pair<QString, QString>> options{
        {socketSndbuf, m_sndbuf->currentText().trimmed()},
        {socketRcvbuf, m_rcvbuf->currentText().trimmed()},
        {socketNodelay, m_nodelay->isChecked() ? QStringLiteral("1") : QString()},
        {socketCork, m_cork->isChecked() ? QStringLiteral("1") : QString()},
        {socketCongestion, m_congestion->currentData().toString()}};
    for (const auto &[key, value] : options) {
        if (value.isEmpty())
            continue;
        if (auto ok = spec.setParameter(key, value); !ok)
            return fail(tr("Workload, %1: %2").arg(key, ok.error().message));
    }
    return {};
}

void WorkloadPanel::loadFrom(const ExperimentSpec &spec)
{
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(spec.workload.type)));
    m_direction->setCurrentIndex(std::max(0, m_direction->findData(spec.workload.direction)));
    m_streams->setValue(spec.workload.streams);
    m_duration->setValue(spec.durationS);
    m_sampleMs->setValue(spec.sampleMs);
    m_writeSize->setCurrentText(QString::number(spec.workload.writeSize));
    m_sndbuf->setCurrentText(spec.knobs.value(socketSndbuf));
    m_rcvbuf->setCurrentText(spec.knobs.value(socketRcvbuf));
    m_nodelay->setChecked(spec.knobs.value(socketNodelay) == QLatin1String("1"));
    m_cork->setChecked(spec.knobs.value(socketCork) == QLatin1String("1"));
    m_capture->setChecked(spec.capture);
    m_congestion->setCurrentIndex(std::max(0, m_congestion->findData(spec.knobs.value(socketCongestion))));
}

void WorkloadPanel::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("workload/kind"), m_kind->currentIndex());
    settings.setValue(QStringLiteral("workload/direction"), m_direction->currentData());
    settings.setValue(QStringLiteral("workload/duration"), m_duration->value());
    settings.setValue(QStringLiteral("workload/streams"), m_streams->value());
    settings.setValue(QStringLiteral("workload/writeSize"), m_writeSize->currentText());
    settings.setValue(QStringLiteral("workload/sndbuf"), m_sndbuf->currentText());
    settings.setValue(QStringLiteral("workload/rcvbuf"), m_rcvbuf->currentText());
    settings.setValue(QStringLiteral("workload/nodelay"), m_nodelay->isChecked());
    settings.setValue(QStringLiteral("workload/cork"), m_cork->isChecked());
    settings.setValue(QStringLiteral("workload/capture"), m_capture->isChecked());
    settings.setValue(QStringLiteral("workload/congestion"), m_congestion->currentData());
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
    m_writeSize->setCurrentText(settings.value(QStringLiteral("workload/writeSize")).toString());
    m_sndbuf->setCurrentText(settings.value(QStringLiteral("workload/sndbuf")).toString());
    m_rcvbuf->setCurrentText(settings.value(QStringLiteral("workload/rcvbuf")).toString());
    m_nodelay->setChecked(settings.value(QStringLiteral("workload/nodelay")).toBool());
    m_cork->setChecked(settings.value(QStringLiteral("workload/cork")).toBool());
    m_capture->setChecked(settings.value(QStringLiteral("workload/capture")).toBool());
    m_congestion->setCurrentIndex(
        std::max(0, m_congestion->findData(settings.value(QStringLiteral("workload/congestion")).toString())));
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
