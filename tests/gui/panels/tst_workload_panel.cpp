// The workload panel's socket options come from the knob catalogue (issue 36): a field for each
// option the catalogue gives a panel field, under the catalogue's heading, in English and in
// German; what the fields hold becomes the spec's socket.* knobs and comes back from a spec and
// from the settings of earlier versions (workload/sndbuf, workload/nodelay, ...).

#include "experiment/spec/experiment_spec.h"
#include "test_paths.h"
#include "knobs/knob_catalogue.h"
#include "panels/workload_panel.h"
#include "traffic/workload_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace tcptune;

namespace {

// The headings of PANEL's form, row by row: a row's label, or the text of its check box.
QStringList formHeadings(const WorkloadPanel &panel)
{
    QStringList out;
    auto *form = qobject_cast<QFormLayout *>(panel.layout());
    for (int row = 0; form && row < form->rowCount(); ++row) {
        QLayoutItem *label = form->itemAt(row, QFormLayout::LabelRole);
        QLayoutItem *field = form->itemAt(row, QFormLayout::FieldRole);
        if (label && qobject_cast<QLabel *>(label->widget()) &&
            !qobject_cast<QLabel *>(label->widget())->text().isEmpty())
            out << qobject_cast<QLabel *>(label->widget())->text();
        else if (field && qobject_cast<QCheckBox *>(field->widget()))
            out << qobject_cast<QCheckBox *>(field->widget())->text();
    }
    return out;
}

QStringList strings(std::initializer_list<const char *> texts)
{
    QStringList out;
    for (const char *text : texts)
        out << QString::fromUtf8(text);
    return out;
}

QList<KnobInfo> panelOptions()
{
    QList<KnobInfo> out;
    for (const KnobInfo &knob : KnobCatalogue::instance().ofKind(KnobKind::SocketOption))
        if (!knob.socket.panelField.isEmpty())
            out << knob;
    return out;
}

} // namespace

class TestWorkloadPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fieldsAreTheCataloguesOptions();
    void formKeepsItsRows();
    void fieldsBecomeKnobs();
    void badValueNamesTheKnob();
    void specComesBack();
    void kindsComeFromTheRegistry();
    void latencyUnderLoadSetsItsStreams();
    void earlierSettingsComeBack();
    void headingsSpeakGerman();
};

// A field per option with a panel field, named by it, under the entry's heading and hint.
void TestWorkloadPanel::fieldsAreTheCataloguesOptions()
{
    WorkloadPanel panel;
    const QList<KnobInfo> options = panelOptions();
    QCOMPARE(options.size(), 5);
    auto *form = qobject_cast<QFormLayout *>(panel.layout());
    QVERIFY(form);
    for (const KnobInfo &knob : options) {
        auto *widget = panel.findChild<QWidget *>(knob.socket.panelField);
        QVERIFY2(widget, qPrintable(knob.key));
        QCOMPARE(widget->toolTip(), knob.socket.translatedHint());
        if (auto *box = qobject_cast<QCheckBox *>(widget)) {
            QCOMPARE(knob.type, ValueType::Bool);
            QCOMPARE(box->text(), knob.socket.translatedHeading());
            continue;
        }
        auto *label = qobject_cast<QLabel *>(form->labelForField(widget));
        QVERIFY2(label, qPrintable(knob.key));
        QCOMPARE(label->text(), knob.socket.translatedHeading());
    }
}

// The rows as they were before the catalogue held the headings (walkthrough screenshots, Tab).
void TestWorkloadPanel::formKeepsItsRows()
{
    WorkloadPanel panel;
    const QStringList expected = strings({"Kind", "Direction", "Duration", "Idle phase", "Streams", "Write size",
                                          "Send buffer", "Receive buffer", "Congestion control",
                                          "TCP_NODELAY (Nagle off)", "TCP_CORK", "Record capture", "Sample every"});
    QCOMPARE(formHeadings(panel), expected);
    auto *sndbuf = panel.findChild<QComboBox *>(QStringLiteral("sndbuf"));
    QVERIFY(sndbuf && sndbuf->isEditable());
    QCOMPARE(sndbuf->lineEdit()->placeholderText(), QStringLiteral("autotuned"));
    QCOMPARE(sndbuf->toolTip(), QStringLiteral("SO_SNDBUF; empty leaves send-buffer autotuning on."));
    auto *congestion = panel.findChild<QComboBox *>(QStringLiteral("congestion"));
    QVERIFY(congestion && !congestion->isEditable());
    QCOMPARE(congestion->itemText(0), QStringLiteral("system default"));
    QVERIFY2(congestion->findData(QStringLiteral("reno")) > 0, "the kernel's congestion controls are offered");
    // Tab walks the form from top to bottom.
    const QStringList fields =
        strings({"writeSize", "sndbuf", "rcvbuf", "congestion", "nodelay", "cork", "recordCapture", "sampleMs"});
    QStringList walked;
    QWidget *next = &panel;
    for (int i = 0; i < 200 && walked.size() < fields.size(); ++i) {
        next = next->nextInFocusChain();
        if (fields.contains(next->objectName()) && !walked.contains(next->objectName()))
            walked << next->objectName();
    }
    QCOMPARE(walked, fields);
}

void TestWorkloadPanel::fieldsBecomeKnobs()
{
    WorkloadPanel panel;
    panel.findChild<QComboBox *>(QStringLiteral("sndbuf"))->setCurrentText(QStringLiteral(" 256K "));
    auto *congestion = panel.findChild<QComboBox *>(QStringLiteral("congestion"));
    congestion->setCurrentIndex(congestion->findData(QStringLiteral("reno")));
    panel.findChild<QCheckBox *>(QStringLiteral("nodelay"))->setChecked(true);
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("socket.TCP_CORK"), QStringLiteral("1")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("socket.TCP_NOTSENT_LOWAT"), QStringLiteral("16K")).has_value());
    QVERIFY(panel.applyTo(spec).has_value());
    const QMap<QString, QString> expected = {
        {QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("262144")},
        {QStringLiteral("socket.TCP_CONGESTION"), QStringLiteral("reno")},
        {QStringLiteral("socket.TCP_NODELAY"), QStringLiteral("1")},
        // Not on the panel: the spec's own value stays.
        {QStringLiteral("socket.TCP_NOTSENT_LOWAT"), QStringLiteral("16384")},
    };
    QCOMPARE(spec.knobsOfKind(KnobKind::SocketOption), expected);
}

void TestWorkloadPanel::badValueNamesTheKnob()
{
    WorkloadPanel panel;
    panel.findChild<QComboBox *>(QStringLiteral("rcvbuf"))->setCurrentText(QStringLiteral("lots"));
    ExperimentSpec spec;
    const Result<void> applied = panel.applyTo(spec);
    QVERIFY(!applied.has_value());
    QVERIFY2(applied.error().message.startsWith(QStringLiteral("Workload, socket.SO_RCVBUF: ")),
             qPrintable(applied.error().message));
}

void TestWorkloadPanel::specComesBack()
{
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("socket.SO_RCVBUF"), QStringLiteral("1M")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("socket.TCP_CORK"), QStringLiteral("1")).has_value());
    QVERIFY(spec.setParameter(QStringLiteral("socket.TCP_CONGESTION"), QStringLiteral("reno")).has_value());
    WorkloadPanel panel;
    panel.loadFrom(spec);
    QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("rcvbuf"))->currentText(), QStringLiteral("1048576"));
    QVERIFY(panel.findChild<QCheckBox *>(QStringLiteral("cork"))->isChecked());
    QVERIFY(!panel.findChild<QCheckBox *>(QStringLiteral("nodelay"))->isChecked());
    QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("congestion"))->currentData().toString(),
             QStringLiteral("reno"));
    ExperimentSpec again;
    QVERIFY(panel.applyTo(again).has_value());
    QCOMPARE(again.knobsOfKind(KnobKind::SocketOption), spec.knobsOfKind(KnobKind::SocketOption));
}

// A choice per workload descriptor, its label shown and its name held; the rows shown are the
// descriptor's panel fields, and the choice becomes the spec's workload.
void TestWorkloadPanel::kindsComeFromTheRegistry()
{
    WorkloadPanel panel;
    auto *kind = panel.findChild<QComboBox *>(QStringLiteral("workloadKind"));
    auto *writeSize = panel.findChild<QComboBox *>(QStringLiteral("writeSize"));
    QVERIFY(kind && writeSize);
    QCOMPARE(qsizetype(kind->count()), qsizetype(workloads().size()));
    for (const WorkloadDescriptor &d : workloads()) {
        const int index = kind->findData(d.nameText());
        QVERIFY2(index >= 0, qPrintable(d.nameText()));
        QCOMPARE(kind->itemText(index), d.translatedLabel());
        QCOMPARE(kind->itemData(index, Qt::ToolTipRole).toString(), d.translatedHint());
        kind->setCurrentIndex(index);
        QCOMPARE(!writeSize->isHidden(), d.panelFields.testFlag(WorkloadField::WriteSize));
        ExperimentSpec spec;
        QVERIFY(panel.applyTo(spec).has_value());
        QCOMPARE(spec.workload.type, d.workload);
        kind->setCurrentIndex(0);
        panel.loadFrom(spec);
        QCOMPARE(kind->currentIndex(), index);
    }
}

// Issue 34: latency under load chosen sets both directions and four streams each way, and shows
// its idle phase, which becomes workload.idle_s and comes back from a spec; other workloads hide it.
void TestWorkloadPanel::latencyUnderLoadSetsItsStreams()
{
    WorkloadPanel panel;
    auto *kind = panel.findChild<QComboBox *>(QStringLiteral("workloadKind"));
    auto *direction = panel.findChild<QComboBox *>(QStringLiteral("direction"));
    auto *streams = panel.findChild<QSpinBox *>(QStringLiteral("streams"));
    auto *idle = panel.findChild<QDoubleSpinBox *>(QStringLiteral("idleS"));
    QVERIFY(kind && direction && streams && idle);
    QVERIFY(idle->isHidden());
    QCOMPARE(direction->currentData().toString(), QStringLiteral("up"));
    QCOMPARE(streams->value(), 1);
    kind->setCurrentIndex(kind->findData(workloadName(Workload::Rrul)));
    QVERIFY(!idle->isHidden());
    QCOMPARE(direction->currentData().toString(), QStringLiteral("both"));
    QCOMPARE(streams->value(), workloadDescriptor(Workload::Rrul).defaultStreams);
    QCOMPARE(idle->value(), ExperimentSpec().workload.idleS);
    auto *form = qobject_cast<QFormLayout *>(panel.layout());
    QCOMPARE(qobject_cast<QLabel *>(form->labelForField(idle))->text(), QStringLiteral("Idle phase"));
    idle->setValue(2.5);
    ExperimentSpec spec;
    QVERIFY(panel.applyTo(spec).has_value());
    QCOMPARE(spec.workload.type, Workload::Rrul);
    QCOMPARE(spec.workload.idleS, 2.5);
    QCOMPARE(spec.workload.direction, QStringLiteral("both"));
    QCOMPARE(spec.workload.streams, workloadDescriptor(Workload::Rrul).defaultStreams);
    // The spec's JSON keeps it, and a panel loading it shows it (its own streams, not the default's).
    auto parsed = ExperimentSpec::fromJson(spec.toJson());
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
    parsed->workload.streams = 2;
    WorkloadPanel other;
    other.loadFrom(*parsed);
    QCOMPARE(other.findChild<QDoubleSpinBox *>(QStringLiteral("idleS"))->value(), 2.5);
    QCOMPARE(other.findChild<QSpinBox *>(QStringLiteral("streams"))->value(), 2);
    QVERIFY(!other.findChild<QDoubleSpinBox *>(QStringLiteral("idleS"))->isHidden());
    kind->setCurrentIndex(kind->findData(workloadName(Workload::Bulk)));
    QVERIFY(idle->isHidden());
}

// Settings an earlier version wrote (one key per field, check boxes as booleans) come back, and
// are written the same way.
void TestWorkloadPanel::earlierSettingsComeBack()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("tcptune.ini"));
    {
        QSettings earlier(path, QSettings::IniFormat);
        earlier.setValue(QStringLiteral("workload/kind"), 0);
        earlier.setValue(QStringLiteral("workload/sndbuf"), QStringLiteral("4M"));
        earlier.setValue(QStringLiteral("workload/rcvbuf"), QString());
        earlier.setValue(QStringLiteral("workload/nodelay"), true);
        earlier.setValue(QStringLiteral("workload/cork"), false);
        earlier.setValue(QStringLiteral("workload/congestion"), QStringLiteral("reno"));
    }
    QSettings settings(path, QSettings::IniFormat);
    WorkloadPanel panel;
    panel.restoreSettings(settings);
    QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("sndbuf"))->currentText(), QStringLiteral("4M"));
    QVERIFY(panel.findChild<QCheckBox *>(QStringLiteral("nodelay"))->isChecked());
    QVERIFY(!panel.findChild<QCheckBox *>(QStringLiteral("cork"))->isChecked());
    QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("congestion"))->currentData().toString(),
             QStringLiteral("reno"));

    panel.findChild<QCheckBox *>(QStringLiteral("cork"))->setChecked(true);
    panel.saveSettings(settings);
    settings.sync();
    QSettings written(path, QSettings::IniFormat);
    QCOMPARE(written.value(QStringLiteral("workload/sndbuf")).toString(), QStringLiteral("4M"));
    QCOMPARE(written.value(QStringLiteral("workload/cork")).toString(), QStringLiteral("true"));
    QCOMPARE(written.value(QStringLiteral("workload/congestion")).toString(), QStringLiteral("reno"));
}

// The catalogue's headings in German, from the translations the program loads.
void TestWorkloadPanel::headingsSpeakGerman()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral("tcptune_de"),
                            tcptune::test::buildPath(QStringLiteral("share/tcptune/translations"))));
    QCoreApplication::installTranslator(&translator);
    WorkloadPanel panel;
    const QStringList headings = formHeadings(panel);
    QCoreApplication::removeTranslator(&translator);
    for (const char *german : {"Sendepuffer", "Empfangspuffer", "Überlaststeuerung", "TCP_NODELAY (Nagle aus)"})
        QVERIFY2(headings.contains(QString::fromUtf8(german)), qPrintable(headings.join(QLatin1Char('|'))));
    auto *sndbuf = panel.findChild<QComboBox *>(QStringLiteral("sndbuf"));
    QCOMPARE(sndbuf->lineEdit()->placeholderText(), QStringLiteral("automatisch"));
    QVERIFY(sndbuf->toolTip().startsWith(QStringLiteral("SO_SNDBUF; leer")));
    QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("congestion"))->itemText(0), QStringLiteral("Systemstandard"));
}

QTEST_MAIN(TestWorkloadPanel)
#include "tst_workload_panel.moc"
