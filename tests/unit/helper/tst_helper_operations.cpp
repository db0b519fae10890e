// The operation registry: handlers are found by name, unknown names get an error listing the
// known ones, and a later registration replaces an earlier one (how the lab adds its ops).

#include "helper/helper_operations.h"

#include <QTest>

using namespace tcptune;

class TestHelperOperations final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dispatches_data();
    void dispatches();
    void replaces();
    void handlerErrorsPassThrough();
};

namespace {
HelperOperations sample()
{
    HelperOperations ops;
    ops.add(QStringLiteral("echo"), [](const QJsonObject &p) { return Result<QJsonObject>(p); });
    ops.add(QStringLiteral("lab_up"), [](const QJsonObject &) {
        return Result<QJsonObject>(QJsonObject{{QStringLiteral("up"), true}});
    });
    return ops;
}
} // namespace

void TestHelperOperations::dispatches_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<bool>("known");
    QTest::addRow("echo") << "echo" << true;
    QTest::addRow("lab_up") << "lab_up" << true;
    QTest::addRow("unknown") << "frobnicate" << false;
    QTest::addRow("case differs") << "ECHO" << false;
    QTest::addRow("empty") << "" << false;
    QTest::addRow("control chars") << QStringLiteral("a\u0001b") << false;
}

void TestHelperOperations::dispatches()
{
    QFETCH(QString, op);
    QFETCH(bool, known);
    const HelperOperations ops = sample();
    QCOMPARE(ops.contains(op), known);
    const QJsonObject params{{QStringLiteral("x"), 1}};
    auto result = ops.dispatch(op, params);
    QCOMPARE(result.has_value(), known);
    if (!known) {
        QVERIFY(result.error().message.contains(QLatin1String("Unknown operation")));
        QVERIFY(result.error().message.contains(QLatin1String("echo, lab_up")));
        QVERIFY(!result.error().message.contains(QChar(1)));
    } else if (op == QLatin1String("echo")) {
        QCOMPARE(*result, params);
    }
}

void TestHelperOperations::replaces()
{
    HelperOperations ops = sample();
    ops.add(QStringLiteral("echo"), [](const QJsonObject &) { return Result<QJsonObject>(QJsonObject{}); });
    QCOMPARE(ops.names(), (QStringList{QStringLiteral("echo"), QStringLiteral("lab_up")}));
    QVERIFY(ops.dispatch(QStringLiteral("echo"), {{QStringLiteral("x"), 1}})->isEmpty());
}

void TestHelperOperations::handlerErrorsPassThrough()
{
    HelperOperations ops;
    ops.add(QStringLiteral("broken"),
            [](const QJsonObject &) -> Result<QJsonObject> { return fail(QStringLiteral("it broke")); });
    auto result = ops.dispatch(QStringLiteral("broken"), {});
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().message, QStringLiteral("it broke"));
}

QTEST_GUILESS_MAIN(TestHelperOperations)
#include "tst_helper_operations.moc"
