// The knob editors read what they are given with the knob catalogue's parser, as the Write size
// field, specs and sweeps do (issue 18, point 14): "256K" is 262144 bytes, not 256; "unlimited"
// is tcp_notsent_lowat's 4294967295; a value the parser refuses is not sent. The table shows
// that "unlimited" and lays its columns out on one line each (point 16). Reads the host's
// values; nothing is written (the model only requests changes).

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_value_delegate.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace tcptune;

class TestKnobValueDelegate final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void numbersTakeUnits_data();
    void numbersTakeUnits();
    void refusedTextIsNotSent();
    void noLimitReadsUnlimited();
    void remoteChoicesAreTheFarKernels();

private:
    QLineEdit *openEditor(const QString &key);

    std::unique_ptr<KnobTableModel> m_model;
    std::unique_ptr<QTableView> m_view;
};

void TestKnobValueDelegate::init()
{
    m_model = std::make_unique<KnobTableModel>();
    m_view = std::make_unique<QTableView>();
    m_view->setModel(m_model.get());
    m_view->setItemDelegateForColumn(KnobTableModel::ValueColumn, new KnobValueDelegate(m_view.get()));
    m_view->resize(900, 500);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestKnobValueDelegate::cleanup()
{
    m_view.reset();
    m_model.reset();
}

QLineEdit *TestKnobValueDelegate::openEditor(const QString &key)
{
    const QModelIndex index = m_model->index(m_model->rowOf(key), KnobTableModel::ValueColumn);
    if (!index.isValid() || !(m_model->flags(index) & Qt::ItemIsEditable))
        return nullptr;
    m_view->edit(index);
    return m_view->findChild<QLineEdit *>();
}

void TestKnobValueDelegate::numbersTakeUnits_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("sent");
    QTest::addRow("256K") << QStringLiteral("net.ipv4.tcp_limit_output_bytes") << QStringLiteral("256K")
                          << QStringLiteral("262144");
    QTest::addRow("1.5M") << QStringLiteral("net.ipv4.tcp_limit_output_bytes") << QStringLiteral("1.5M")
                          << QStringLiteral("1572864");
    QTest::addRow("128 KiB") << QStringLiteral("net.ipv4.tcp_notsent_lowat") << QStringLiteral("128 KiB")
                             << QStringLiteral("131072");
    QTest::addRow("unlimited") << QStringLiteral("net.ipv4.tcp_notsent_lowat") << QStringLiteral("unlimited")
                               << QStringLiteral("4294967295");
    QTest::addRow("triple") << QStringLiteral("net.ipv4.tcp_wmem") << QStringLiteral("4K 32K 8M")
                            << QStringLiteral("4096 32768 8388608");
}

void TestKnobValueDelegate::numbersTakeUnits()
{
    QFETCH(QString, key);
    QFETCH(QString, typed);
    QFETCH(QString, sent);
    QLineEdit *edit = openEditor(key);
    QVERIFY2(edit, "no line editor for the number");
    QSignalSpy requested(m_model.get(), &KnobTableModel::changeRequested);
    edit->selectAll();
    QTest::keyClicks(edit, typed);
    QTest::keyClick(edit, Qt::Key_Return);
    // The delegate commits Return on a queued call: the editor closes once it has.
    QTRY_VERIFY(!m_view->findChild<QLineEdit *>());
    // Nothing is sent when the value is already the current one.
    const KnobReading &r = m_model->readingAt(m_model->rowOf(key));
    if (r.value && r.value->simplified() == sent) {
        QCOMPARE(requested.size(), 0);
        return;
    }
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), key);
    QCOMPARE(requested.at(0).at(1).toString(), sent);
}

void TestKnobValueDelegate::refusedTextIsNotSent()
{
    QLineEdit *edit = openEditor(QStringLiteral("net.ipv4.tcp_limit_output_bytes"));
    QVERIFY(edit);
    QSignalSpy requested(m_model.get(), &KnobTableModel::changeRequested);
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("12 apples"));
    QVERIFY2(!edit->toolTip().isEmpty(), "the parser's reason is shown");
    QTest::keyClick(edit, Qt::Key_Return);
    m_view->setCurrentIndex(m_model->index(0, 0)); // leaving the editor commits what it has
    QCOMPARE(requested.size(), 0);
}

void TestKnobValueDelegate::noLimitReadsUnlimited()
{
    const int row = m_model->rowOf(QStringLiteral("net.ipv4.tcp_notsent_lowat"));
    QVERIFY(row >= 0);
    QCOMPARE(m_model->index(row, KnobTableModel::DefaultColumn).data().toString(), QStringLiteral("unlimited"));
    if (m_model->readingAt(row).value == QStringLiteral("4294967295"))
        QVERIFY(
            m_model->index(row, KnobTableModel::ValueColumn).data().toString().startsWith(QStringLiteral("unlimited")));
}

// Issue 12, point 8: the Remote column offers the far kernel's congestion controls (its
// connection test's description), not this kernel's, and a far-only one becomes the run's
// remote: knob; the far helper checks it against its own list.
void TestKnobValueDelegate::remoteChoicesAreTheFarKernels()
{
    const QString key = QStringLiteral("net.ipv4.tcp_congestion_control");
    const QStringList far = {QStringLiteral("cubic"), QStringLiteral("farcc")};
    m_view->setItemDelegateForColumn(KnobTableModel::RemoteColumn, new KnobValueDelegate(m_view.get()));
    m_model->setRemote({{key, QStringLiteral("cubic")}}, true, {}, {{key, far}});
    const QModelIndex index = m_model->index(m_model->rowOf(key), KnobTableModel::RemoteColumn);
    QVERIFY(m_model->flags(index) & Qt::ItemIsEditable);
    m_view->edit(index);
    auto *combo = m_view->findChild<QComboBox *>(QStringLiteral("knobChoice"));
    QVERIFY(combo);
    QStringList offered;
    for (int i = 0; i < combo->count(); ++i)
        offered << combo->itemText(i);
    QCOMPARE(offered, far);
    combo->setCurrentIndex(1);
    Q_EMIT combo->activated(1);
    QCOMPARE(m_model->remoteChanges().value(key), QStringLiteral("farcc"));
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("remote:") + key, QStringLiteral("farcc")).has_value());
    QCOMPARE(spec.knobs.value(QStringLiteral("remote:") + key), QStringLiteral("farcc"));
    QVERIFY(!spec.setParameter(QStringLiteral("remote:") + key, QStringLiteral("far cc")).has_value());
    // This end's value column keeps this kernel's list.
    QVERIFY(!spec.setParameter(key, QStringLiteral("farcc")).has_value());
}

QTEST_MAIN(TestKnobValueDelegate)
#include "tst_knob_value_delegate.moc"
