// Bad input at the workbench's fields (issue 37, item 4): a value typed beyond a field's range is
// refused there with the range, as the CLI refuses it, and never changed silently. Real panels off
// screen, typed into with key clicks: MTU 100000 stays 100000 (a spin box kept 10000 and ran), the
// field and the line under it name 576 to 65535, and the panel refuses the run; a duration of 0
// stays 0 (it went back to 3.0 s) and is refused with 0.2 to 3600 s.

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_catalogue.h"
#include "panels/lab_target_page.h"
#include "panels/workload_panel.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QTest>

using namespace tcptune;

namespace {

// Types TEXT over what BOX shows, as a person does, and leaves the field.
void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    auto *edit = box->findChild<QLineEdit *>();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
    box->clearFocus();
}

} // namespace

class TestRangeCheck final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mtuBeyondTheRangeIsRefusedNotClamped();
    void durationZeroIsRefusedNotReset();
    void valuesInRangeRunAsTyped();
};

void TestRangeCheck::mtuBeyondTheRangeIsRefusedNotClamped()
{
    LabTargetPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *mtu = page.findChild<QSpinBox *>(QStringLiteral("labMtu"));
    QVERIFY(mtu);
    typeInto(mtu, QStringLiteral("100000"));
    QCOMPARE(mtu->value(), 100000);
    const KnobInfo *knob = KnobCatalogue::instance().find(QStringLiteral("lab.mtu"));
    const QString low = QLocale().toString(knob->minimum);
    const QString high = QLocale().toString(knob->maximum);
    auto *problem = page.findChild<QLabel *>(QStringLiteral("labMtuProblem"));
    QVERIFY(problem);
    QVERIFY(problem->isVisible());
    for (const QString &text : {problem->text(), mtu->toolTip()})
        QVERIFY2(text.contains(low) && text.contains(high) && text.contains(QLocale().toString(100000)),
                 qPrintable(text));
    ExperimentSpec spec;
    const Result<void> ok = page.applyTo(spec);
    QVERIFY(!ok);
    QVERIFY2(ok.error().message.contains(high), qPrintable(ok.error().message));
    QVERIFY(!spec.knobs.contains(QStringLiteral("lab.mtu")));

    typeInto(mtu, QStringLiteral("9000"));
    QVERIFY(!problem->isVisible());
    QVERIFY(page.applyTo(spec));
    QCOMPARE(spec.knobs.value(QStringLiteral("lab.mtu")), QStringLiteral("9000"));
}

void TestRangeCheck::durationZeroIsRefusedNotReset()
{
    WorkloadPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *duration = panel.findChild<QDoubleSpinBox *>(QStringLiteral("duration"));
    QVERIFY(duration);
    typeInto(duration, QStringLiteral("3"));
    QCOMPARE(duration->value(), 3.0);
    typeInto(duration, QStringLiteral("0"));
    QCOMPARE(duration->value(), 0.0);
    auto *problem = panel.findChild<QLabel *>(QStringLiteral("durationProblem"));
    QVERIFY(problem && problem->isVisible());
    const QString low = QLocale().toString(ExperimentSpec::kMinDurationS, 'f', 1);
    const QString high = QLocale().toString(ExperimentSpec::kMaxDurationS, 'f', 1);
    QVERIFY2(problem->text().contains(low) && problem->text().contains(high), qPrintable(problem->text()));
    ExperimentSpec spec;
    spec.durationS = 7;
    const Result<void> ok = panel.applyTo(spec);
    QVERIFY(!ok);
    QVERIFY2(ok.error().message.contains(low), qPrintable(ok.error().message));
    QCOMPARE(spec.durationS, 7.0); // nothing of the refused form reached the spec

    // Streams beyond the spec's limit: refused as well.
    auto *streams = panel.findChild<QSpinBox *>(QStringLiteral("streams"));
    typeInto(duration, QStringLiteral("5"));
    typeInto(streams, QString::number(ExperimentSpec::kMaxStreams + 1));
    QCOMPARE(streams->value(), ExperimentSpec::kMaxStreams + 1);
    QVERIFY(!panel.applyTo(spec));
}

void TestRangeCheck::valuesInRangeRunAsTyped()
{
    WorkloadPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    typeInto(panel.findChild<QDoubleSpinBox *>(QStringLiteral("duration")), QStringLiteral("0.2"));
    typeInto(panel.findChild<QSpinBox *>(QStringLiteral("sampleMs")), QStringLiteral("250"));
    ExperimentSpec spec;
    QVERIFY(panel.applyTo(spec));
    QCOMPARE(spec.durationS, 0.2);
    QCOMPARE(spec.sampleMs, 250);
}

QTEST_MAIN(TestRangeCheck)
#include "tst_range_check.moc"
