// logSafe: what a peer sends can neither end a log line nor drive the terminal, and is cut.

#include "common/log_text.h"

#include <QTest>

using namespace tcptune;

class TestLogText final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void escapes_data();
    void escapes();
    void cutsLongText();
};

void TestLogText::escapes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("logged");
    QTest::addRow("plain") << QStringLiteral("start") << QStringLiteral("start");
    QTest::addRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\\x0ab");
    QTest::addRow("escape sequence") << QStringLiteral("\x1b[2J") << QStringLiteral("\\x1b[2J");
    QTest::addRow("C1 control") << QString(QChar(0x9b)) << QStringLiteral("\\x9b");
    QTest::addRow("line separator") << QString(QChar(0x2028)) << QStringLiteral("\\u2028");
    QTest::addRow("DEL") << QStringLiteral("a\x7f") << QStringLiteral("a\\x7f");
    QTest::addRow("OSC title with BEL") << QStringLiteral("\x1b]0;owned\x07") << QStringLiteral("\\x1b]0;owned\\x07");
    QTest::addRow("carriage return") << QStringLiteral("ok\rforged") << QStringLiteral("ok\\x0dforged");
    for (const int c : {0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069})
        QTest::addRow("bidi U+%04X", c) << (QStringLiteral("txt") + QChar(c) + QStringLiteral("exe"))
                                        << QStringLiteral("txt\\u%1exe").arg(c, 4, 16, QLatin1Char('0'));
    QTest::addRow("backslash") << QStringLiteral("\\x0a") << QStringLiteral("\\\\x0a");
    QTest::addRow("umlaut stays") << QStringLiteral("Durchsatz ä") << QStringLiteral("Durchsatz ä");
}

void TestLogText::escapes()
{
    QFETCH(QString, text);
    QFETCH(QString, logged);
    QCOMPARE(logSafe(text), logged);
}

void TestLogText::cutsLongText()
{
    const QString cut = logSafe(QString(1000, QLatin1Char('x')), 40);
    QVERIFY(cut.startsWith(QString(40, QLatin1Char('x'))));
    QVERIFY2(cut.endsWith(QStringLiteral("(960 more characters)")), qPrintable(cut));
    QVERIFY(cut.size() < 70);
}

QTEST_GUILESS_MAIN(TestLogText)
#include "tst_log_text.moc"
