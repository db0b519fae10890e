#include "knobs/link_end_view.h"

#include "helper/link_readings.h"
#include "knobs/core_feature_confirmation.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "knobs/knob_value_delegate.h"
#include "knobs/link_knob_model.h"
#include "knobs/link_knobs.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace tcptune {
namespace {

QString factKey(const QString &device, const QString &name)
{
    return QLatin1String(linkknobs::kPrefix) + device + QLatin1Char('.') + name;
}

// The devices a far host's link.* values name, in the order first named.
QStringList devicesIn(const KnobSnapshot &values)
{
    QStringList out;
    for (auto it = values.begin(); it != values.end(); ++it) {
        if (!linkknobs::isLinkKey(it.key()))
            continue;
        const QString rest = it.key().mid(int(qstrlen(linkknobs::kPrefix)));
        const QString device = rest.left(rest.lastIndexOf(QLatin1Char('.')));
        if (!device.isEmpty() && !out.contains(device))
            out.append(device);
    }
    return out;
}

// "veth 1.0, 10000 Mbit/s full duplex, MTU 1500; offloads: tso on, gso on, ..."
QString describeFacts(const QString &device, const KnobSnapshot &facts)
{
    const auto fact = [&](const char *name) { return facts.value(factKey(device, QLatin1String(name))); };
    QStringList parts;
    if (!fact("driver").isEmpty())
        parts << LinkEndView::tr("driver %1 %2").arg(fact("driver"), fact("driver_version")).trimmed();
    if (!fact("speed").isEmpty())
        parts << LinkEndView::tr("%1 Mbit/s %2").arg(fact("speed"), fact("duplex")).trimmed();
    if (!fact("mtu").isEmpty())
        parts << LinkEndView::tr("MTU %1").arg(fact("mtu"));
    QStringList offloads;
    for (const char *name : {"tso", "gso", "gro", "lro", "sg", "rx-checksum", "tx-checksum"})
        if (!fact(name).isEmpty())
            offloads << QStringLiteral("%1 %2").arg(
                QLatin1String(name), fact(name) == QLatin1String("1") ? LinkEndView::tr("on") : LinkEndView::tr("off"));
    QString text = parts.join(QStringLiteral(", "));
    if (!offloads.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) +
                LinkEndView::tr("offloads: %1").arg(offloads.join(QStringLiteral(", ")));
    return text;
}

} // namespace

LinkEndView::LinkEndView(const QString &objectName, QWidget *parent)
    : QGroupBox(parent)
    , m_device(new QComboBox(this))
    , m_facts(new QLabel(this))
    , m_note(new QLabel(this))
    , m_view(new QTableView(this))
    , m_model(new LinkKnobModel(this))
{
    setObjectName(objectName);
    m_device->setObjectName(objectName + QStringLiteral("Device"));
    m_facts->setObjectName(objectName + QStringLiteral("Facts"));
    m_facts->setWordWrap(true);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setObjectName(objectName + QStringLiteral("Note"));
    m_note->setWordWrap(true);
    m_note->hide();
    m_view->setObjectName(objectName + QStringLiteral("Table"));
    m_view->setModel(m_model);
    m_view->setItemDelegateForColumn(LinkKnobModel::ValueColumn, new KnobValueDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_view->verticalHeader()->hide();
    m_view->setMinimumHeight(180); // a few rows at least; the Links group scrolls, not its table
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Device:"), this));
    top->addWidget(m_device, 1);
    layout->addLayout(top);
    layout->addWidget(m_facts);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);

    connect(m_device, &QComboBox::activated, this, &LinkEndView::showDevice);
    connect(m_model, &LinkKnobModel::changeRequested, this, &LinkEndView::requestChange);
    connect(m_model, &LinkKnobModel::runValuesChanged, this, &LinkEndView::runValuesChanged);
}

void LinkEndView::showPlace(const QString &title, const QString &netns, const QStringList &devices, bool editable,
                            const QString &whyNot)
{
    setTitle(title);
    // Edits belong to the place they were made for: another place starts clean.
    if (!m_readHere || netns != m_netns)
        m_model->clearRunValues();
    m_readHere = true;
    m_netns = netns;
    m_editable = editable;
    m_whyNot = whyNot;
    QStringList names = devices;
    QString problem;
    if (names.isEmpty()) {
        auto listed = linkreadings::listDevices(netns);
        names = listed ? *listed : QStringList();
        problem = listed ? QString() : listed.error().message;
    }
    const QString current = m_device->currentText();
    const QSignalBlocker block(m_device);
    m_device->clear();
    m_device->addItems(names);
    m_device->setCurrentIndex(std::max(0, m_device->findText(current)));
    showDevice();
    if (!problem.isEmpty())
        showNote(problem);
}

void LinkEndView::showValues(const QString &title, const KnobSnapshot &values, bool editable, const QString &whyNot)
{
    setTitle(title);
    if (m_readHere)
        m_model->clearRunValues();
    m_readHere = false;
    m_values = values;
    m_editable = editable;
    m_whyNot = whyNot;
    const QString current = m_device->currentText();
    const QSignalBlocker block(m_device);
    m_device->clear();
    m_device->addItems(devicesIn(values));
    m_device->setCurrentIndex(std::max(0, m_device->findText(current)));
    showDevice();
}

void LinkEndView::refresh()
{
    showDevice();
}

void LinkEndView::showDevice()
{
    const QString device = m_device->currentText();
    m_device->setEnabled(m_device->count() > 1);
    if (device.isEmpty()) {
        m_facts->clear();
        m_facts->hide();
        m_model->setReadings({}, false, {});
        showNote(m_readHere ? tr("No network device here.")
                            : tr("The far host's connection test names no link; set its links in a spec as "
                                 "remote:link.DEVICE.PARAMETER."));
        return;
    }
    KnobSnapshot facts = m_values;
    QList<KnobReading> readings;
    QString problem;
    if (m_readHere) {
        auto read = linkreadings::read(m_netns, device);
        if (read) {
            facts = read->facts;
            readings = read->knobs;
        } else {
            problem = read.error().message;
        }
    } else {
        for (const KnobInfo &t : KnobCatalogue::instance().linkTemplates())
            if (const KnobInfo *knob = KnobCatalogue::instance().find(factKey(device, t.linkParameter));
                knob && m_values.contains(knob->key))
                readings.append(KnobReading{knob, m_values.value(knob->key), {}});
    }
    m_facts->setText(describeFacts(device, facts));
    // A far end whose snapshot names no fact of the device has none to show: an empty label would
    // only take a line's height from the table (or be squeezed to none).
    m_facts->setVisible(!m_facts->text().isEmpty());
    m_model->setReadings(readings, m_editable, m_whyNot);
    showNote(problem.isEmpty() ? (m_editable ? QString() : m_whyNot) : problem);
}

void LinkEndView::showNote(const QString &note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

QStringList LinkEndView::devices() const
{
    QStringList out;
    for (int i = 0; i < m_device->count(); ++i)
        out << m_device->itemText(i);
    return out;
}

QString LinkEndView::currentDevice() const
{
    return m_device->currentText();
}

void LinkEndView::setCurrentDevice(const QString &device)
{
    m_device->setCurrentIndex(std::max(0, m_device->findText(device)));
    showDevice();
}

QString LinkEndView::factsText() const
{
    return m_facts->text();
}

QString LinkEndView::noteText() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

QMap<QString, QString> LinkEndView::runValues() const
{
    return m_model->runValues();
}

// A host device (outside a lab namespace, or on the far host) carries the machine's own traffic:
// asked first, with the question the knob panel asks before a core TCP feature goes off.
void LinkEndView::requestChange(const QString &key, const QString &value)
{
    const KnobInfo *knob = KnobCatalogue::instance().find(key);
    if (!knob)
        return;
    const QString hostNetns = m_readHere ? m_netns : QString();
    // Back to what the device has is no change: nothing to ask.
    const int row = m_model->rowOf(key);
    const auto &device = row >= 0 ? m_model->readings().at(row).value : std::nullopt;
    const bool back = device && knobvalue::sameValue(value, *device);
    if (!back && CoreFeatureConfirmation::needed(*knob, value, hostNetns)) {
        if (!CoreFeatureConfirmation::ask(this, *knob, value))
            return;
        m_hostConfirmed = true;
    }
    m_model->setRunValue(key, knobvalue::parse(*knob, value).value_or(value));
}

} // namespace tcptune
