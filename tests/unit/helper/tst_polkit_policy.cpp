// The polkit action cmake --install ships: pkexec finds tcptune-helper by its exec-path
// annotation, and an administrator stays authorised for a while (auth_admin_keep).

#include "test_paths.h"

#include <QFile>
#include <QMap>
#include <QTest>
#include <QXmlStreamReader>

class TestPolkitPolicy final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void hasSetting_data();
    void hasSetting();

private:
    QMap<QString, QString> m_settings; // element name or annotate key -> text
    QString m_actionId;
};

void TestPolkitPolicy::initTestCase()
{
    QFile file(tcptune::test::buildPath(QStringLiteral("resources/polkit/org.tcptune.helper.policy")));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        if (name == QLatin1String("action")) {
            m_actionId = xml.attributes().value(QLatin1String("id")).toString();
        } else if (name == QLatin1String("annotate")) {
            const QString key = xml.attributes().value(QLatin1String("key")).toString();
            m_settings.insert(key, xml.readElementText());
        } else if (name.startsWith(QLatin1String("allow_")) || name == QLatin1String("message")) {
            m_settings.insert(name, xml.readElementText());
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(m_actionId, QStringLiteral("org.tcptune.helper"));
}

void TestPolkitPolicy::hasSetting_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::addRow("exec path") << "org.freedesktop.policykit.exec.path" << TCPTUNE_HELPER_INSTALL_PATH;
    QTest::addRow("active session") << "allow_active"
                                    << "auth_admin_keep";
    QTest::addRow("inactive session") << "allow_inactive"
                                      << "auth_admin";
    QTest::addRow("any") << "allow_any"
                         << "auth_admin";
}

void TestPolkitPolicy::hasSetting()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QCOMPARE(m_settings.value(name), expected);
    QVERIFY(m_settings.value(QStringLiteral("message")).contains(QLatin1String("Authentication is required")));
}

QTEST_GUILESS_MAIN(TestPolkitPolicy)
#include "tst_polkit_policy.moc"
