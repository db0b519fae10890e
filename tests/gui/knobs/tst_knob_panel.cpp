// The knob panel edits knobs of a scratch namespace through the real helper: a switch, a
// choice and a number are changed through their editors, changed rows are marked with the
// original value beside the current one, helper errors show inline, and revert one / revert
// all put the namespace back. Renders offscreen and saves a screenshot.

#include "helper/helper_connection.h"
#include "test_paths.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_value.h"
#include "scratch_namespace.h"
#include "screenshot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kCongestion = QStringLiteral("net.ipv4.tcp_congestion_control");
const QString kTsq = QStringLiteral("net.ipv4.tcp_limit_output_bytes");

QString valueIn(const ScratchNamespace &ns, const QString &key)
{
    return ns.exec({QStringLiteral("sysctl"), QStringLiteral("-n"), key}).simplified();
}

} // namespace

class TestKnobPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void editsThroughEditorsAndRevertsOne();
    void showsHelperErrorsInline();
    void globalKnobsAreReadOnlyInANamespace();
    void revertAllRestoresEverything();
    void asksBeforeTurningACoreFeatureOffOnTheHost();

private:
    QModelIndex valueIndex(const QString &key) const
    {
        return m_panel->model()->index(m_panel->model()->rowOf(key), KnobTableModel::ValueColumn);
    }
    QWidget *openEditor(const QString &key);

    std::unique_ptr<ScratchNamespace> m_ns;
    std::unique_ptr<HelperConnection> m_helper;
    std::unique_ptr<KnobPanel> m_panel;
    QString m_journalDir;
    QString m_cork;
    QString m_congestion;
    QString m_tsq;
};

void TestKnobPanel::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("needs root: a scratch namespace and the helper started directly");
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("helper6"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
    m_journalDir = QStringLiteral("/run/tcptune/test-knob-panel-%1").arg(::getpid());
}

void TestKnobPanel::cleanupTestCase()
{
    m_ns.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestKnobPanel::init()
{
    m_cork = valueIn(*m_ns, kCork);
    m_congestion = valueIn(*m_ns, kCongestion);
    m_tsq = valueIn(*m_ns, kTsq);
    HelperStartOptions options;
    options.helperPath = binPath(QStringLiteral("tcptune-helper"));
    options.journalDir = m_journalDir;
    options.startTimeoutMs = 20000;
    m_helper = std::make_unique<HelperConnection>(options);
    m_panel = std::make_unique<KnobPanel>(m_helper.get());
    m_panel->resize(1100, 700);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    m_panel->setNamespace(m_ns->name());
    QCOMPARE(m_panel->currentNamespace(), m_ns->name());
}

void TestKnobPanel::cleanup()
{
    m_panel.reset();
    m_helper.reset(); // closes the helper: it rolls back whatever is left
    QCOMPARE(valueIn(*m_ns, kCork), m_cork);
    QCOMPARE(valueIn(*m_ns, kCongestion), m_congestion);
    QCOMPARE(valueIn(*m_ns, kTsq), m_tsq);
}

QWidget *TestKnobPanel::openEditor(const QString &key)
{
    QTableView *view = m_panel->view();
    const QModelIndex index = valueIndex(key);
    view->scrollTo(index);
    view->setCurrentIndex(index);
    view->edit(index);
    return view->indexWidget(index) ? view->indexWidget(index) : view->viewport()->focusWidget();
}

void TestKnobPanel::editsThroughEditorsAndRevertsOne()
{
    KnobTableModel *model = m_panel->model();
    const QString newCork = m_cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    const QString newCc = m_congestion == QLatin1String("reno") ? QStringLiteral("cubic") : QStringLiteral("reno");

    // The switch commits as soon as it is flipped.
    auto *box = qobject_cast<QCheckBox *>(openEditor(kCork));
    QVERIFY(box);
    box->click();
    QTRY_COMPARE_WITH_TIMEOUT(valueIn(*m_ns, kCork), newCork, 15000);
    QTRY_VERIFY(valueIndex(kCork).data(KnobTableModel::ChangedRole).toBool());
    QCOMPARE(valueIndex(kCork).data(KnobTableModel::OriginalRole).toString(), m_cork);
    QCOMPARE(valueIndex(kCork).data(KnobTableModel::CanonicalRole).toString(), newCork);
    m_panel->view()->closePersistentEditor(valueIndex(kCork));

    // The choice of congestion controls is the kernel's.
    auto *combo = qobject_cast<QComboBox *>(openEditor(kCongestion));
    QVERIFY(combo);
    QVERIFY(combo->findText(QStringLiteral("reno")) >= 0);
    combo->setCurrentText(newCc);
    Q_EMIT combo->activated(combo->currentIndex());
    QTRY_COMPARE_WITH_TIMEOUT(valueIn(*m_ns, kCongestion), newCc, 10000);

    // A number with its unit, read by the catalogue's parser.
    auto *edit = qobject_cast<QLineEdit *>(openEditor(kTsq));
    QVERIFY(edit);
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("256K"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(valueIn(*m_ns, kTsq), QStringLiteral("262144"), 10000);
    QTRY_COMPARE(model->changedKeys().size(), 3);
    QVERIFY(
        model->index(model->rowOf(kTsq), KnobTableModel::KeyColumn).data().toString().startsWith(QStringLiteral("● ")));
    // Original and current value side by side, for people.
    const int tsqRow = model->rowOf(kTsq);
    QCOMPARE(model->index(tsqRow, KnobTableModel::OriginalColumn).data().toString(),
             knobvalue::formatHuman(*KnobCatalogue::instance().find(kTsq), m_tsq));
    QVERIFY(model->index(tsqRow, KnobTableModel::ValueColumn).data().toString().startsWith(QStringLiteral("256 KiB")));
    QVERIFY(m_panel->findChild<QPushButton *>(QStringLiteral("revertAllKnobs"))->isEnabled());

    const QImage shot = saveScreenshot(m_panel.get(), QStringLiteral("knob_panel_edited"));
    QVERIFY(looksDrawn(shot));

    // Revert one: select the switch's row and press "Revert selected".
    m_panel->view()->selectRow(model->rowOf(kCork));
    auto *revertOne = m_panel->findChild<QPushButton *>(QStringLiteral("revertKnob"));
    QVERIFY(revertOne->isEnabled());
    revertOne->click();
    QTRY_COMPARE_WITH_TIMEOUT(valueIn(*m_ns, kCork), m_cork, 10000);
    QTRY_VERIFY(!valueIndex(kCork).data(KnobTableModel::ChangedRole).toBool());
    QCOMPARE(valueIn(*m_ns, kCongestion), newCc); // the others stay changed
    QCOMPARE(model->changedKeys().size(), 2);
}

void TestKnobPanel::showsHelperErrorsInline()
{
    // A value no editor would offer, as a typed one could be: the helper refuses it.
    QVERIFY(
        m_panel->model()->setData(valueIndex(QStringLiteral("net.ipv4.tcp_wmem")), QStringLiteral("8192 4096 16384")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_panel->errorText().isEmpty(), 15000);
    QVERIFY2(m_panel->errorText().contains(QLatin1String("must not decrease")), qPrintable(m_panel->errorText()));
    QVERIFY(valueIndex(QStringLiteral("net.ipv4.tcp_wmem"))
                .data(KnobTableModel::ErrorRole)
                .toString()
                .contains(QLatin1String("must not decrease")));
    QVERIFY(valueIndex(QStringLiteral("net.ipv4.tcp_wmem"))
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("must not decrease")));
    QVERIFY(!valueIndex(QStringLiteral("net.ipv4.tcp_wmem")).data(KnobTableModel::ChangedRole).toBool());
    saveScreenshot(m_panel.get(), QStringLiteral("knob_panel_error"));
}

void TestKnobPanel::globalKnobsAreReadOnlyInANamespace()
{
    const QModelIndex global = valueIndex(QStringLiteral("net.core.wmem_max"));
    QVERIFY(!(m_panel->model()->flags(global) & Qt::ItemIsEditable));
    QVERIFY(!m_panel->model()->setData(global, QStringLiteral("1048576")));
    QVERIFY(global.data(Qt::ToolTipRole).toString().contains(QLatin1String("host namespace")));
    QVERIFY(m_panel->model()->flags(valueIndex(kCork)) & Qt::ItemIsEditable);
}

void TestKnobPanel::revertAllRestoresEverything()
{
    KnobTableModel *model = m_panel->model();
    QVERIFY(
        model->setData(valueIndex(kCork), m_cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1")));
    QVERIFY(model->setData(valueIndex(kTsq), QStringLiteral("128K")));
    QTRY_COMPARE_WITH_TIMEOUT(model->changedKeys().size(), 2, 15000);
    QCOMPARE(valueIn(*m_ns, kTsq), QStringLiteral("131072"));
    m_panel->findChild<QPushButton *>(QStringLiteral("revertAllKnobs"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(model->changedKeys().isEmpty(), 10000);
    QCOMPARE(valueIn(*m_ns, kCork), m_cork);
    QCOMPARE(valueIn(*m_ns, kTsq), m_tsq);
    QCOMPARE(valueIndex(kTsq).data(KnobTableModel::CanonicalRole).toString(), m_tsq);
}

// Answers the next modal question with BUTTON once it shows; QUESTION gets its text.
static void answerQuestion(QMessageBox::StandardButton button, QString *question)
{
    QTimer::singleShot(0, [button, question] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            answerQuestion(button, question); // not open yet: look again on the next turn
            return;
        }
        *question = box->objectName() + QLatin1Char(':') + box->text();
        box->button(button)->click();
    });
}

void TestKnobPanel::asksBeforeTurningACoreFeatureOffOnTheHost()
{
    const QString sack = QStringLiteral("net.ipv4.tcp_sack");
    QFile proc(QStringLiteral("/proc/sys/net/ipv4/tcp_sack"));
    const auto hostSack = [&proc] {
        proc.open(QIODevice::ReadOnly);
        const QString v = QString::fromLatin1(proc.readAll()).trimmed();
        proc.close();
        return v;
    };
    if (hostSack() != QLatin1String("1"))
        QSKIP("SACK is already off on this host");
    // In a lab namespace: no question.
    QVERIFY(m_panel->model()->setData(valueIndex(sack), QStringLiteral("0")));
    QTRY_COMPARE_WITH_TIMEOUT(valueIn(*m_ns, sack), QStringLiteral("0"), 15000);

    m_panel->setNamespace(QString());
    QString question;
    answerQuestion(QMessageBox::No, &question);
    QVERIFY(m_panel->model()->setData(valueIndex(sack), QStringLiteral("0")));
    QVERIFY2(question.startsWith(QLatin1String("coreFeatureConfirmation:")), qPrintable(question));
    QVERIFY2(question.contains(sack), qPrintable(question));
    QTest::qWait(300);
    QCOMPARE(hostSack(), QStringLiteral("1")); // No: nothing sent
    QVERIFY(!valueIndex(sack).data(KnobTableModel::ChangedRole).toBool());

    answerQuestion(QMessageBox::Yes, &question);
    QVERIFY(m_panel->model()->setData(valueIndex(sack), QStringLiteral("0")));
    QTRY_VERIFY_WITH_TIMEOUT(valueIndex(sack).data(KnobTableModel::ChangedRole).toBool(), 15000);
    const QString during = hostSack();
    m_panel->findChild<QPushButton *>(QStringLiteral("revertAllKnobs"))->click();
    QTRY_COMPARE_WITH_TIMEOUT(hostSack(), QStringLiteral("1"), 10000);
    QCOMPARE(during, QStringLiteral("0"));
    QVERIFY2(m_panel->errorText().isEmpty(), qPrintable(m_panel->errorText()));
    m_panel->setNamespace(m_ns->name());
}

QTEST_MAIN(TestKnobPanel)
#include "tst_knob_panel.moc"
