// How tables and axes name a swept parameter (issue 12, point 5): a socket option acts at the
// sending end, and with direction down that is the far end, so the heading says so.

#include "experiment/spec/parameter_heading.h"
#include "experiment/spec/sweep_plan.h"

#include <QTest>

using namespace tcptune;

class TestParameterHeading final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headingNamesTheEnd_data();
    void headingNamesTheEnd();
};

void TestParameterHeading::headingNamesTheEnd_data()
{
    QTest::addColumn<QString>("direction");
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("heading");
    QTest::addRow("up: this host sends") << "up"
                                         << "socket.SO_SNDBUF"
                                         << "64K"
                                         << "socket.SO_SNDBUF";
    QTest::addRow("down: the far end sends") << "down"
                                             << "socket.SO_SNDBUF"
                                             << "64K"
                                             << "socket.SO_SNDBUF (far end)";
    QTest::addRow("down: its congestion control") << "down"
                                                  << "socket.TCP_CONGESTION"
                                                  << "cubic"
                                                  << "socket.TCP_CONGESTION (far end)";
    QTest::addRow("down: its write size") << "down"
                                          << "workload.write_size"
                                          << "8K"
                                          << "workload.write_size (far end)";
    QTest::addRow("down: its pacing rate") << "down"
                                           << "socket.SO_MAX_PACING_RATE"
                                           << "1250000"
                                           << "socket.SO_MAX_PACING_RATE (far end)";
    // Set on both ends' data sockets: no end to name.
    QTest::addRow("down: the receive buffer stays") << "down"
                                                    << "socket.SO_RCVBUF"
                                                    << "1M"
                                                    << "socket.SO_RCVBUF";
    // The engine does not set it (a run refuses it): no end sets it.
    QTest::addRow("down: the segment size stays") << "down"
                                                  << "socket.TCP_MAXSEG"
                                                  << "1400"
                                                  << "socket.TCP_MAXSEG";
    QTest::addRow("down: a sysctl stays") << "down"
                                          << "net.ipv4.tcp_autocorking"
                                          << "0"
                                          << "net.ipv4.tcp_autocorking";
}

// Issue 12, point 5: a socket option acts at the sending end, and the table says which end that is.
void TestParameterHeading::headingNamesTheEnd()
{
    QFETCH(QString, direction);
    QFETCH(QString, parameter);
    QFETCH(QString, value);
    QFETCH(QString, heading);
    auto plan = SweepPlan::fromJsonText(QStringLiteral(R"({"workload": {"direction": "%1"}, "sweep": {"axes": [
        {"parameter": "%2", "values": ["%3"]}, {"parameter": "lab.rate", "values": ["10mbit"]}]}})")
                                            .arg(direction, parameter, value)
                                            .toUtf8());
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    QCOMPARE(axisHeading(*plan, 0), heading);
    QCOMPARE(axesHeading(*plan), heading + QStringLiteral(" x lab.rate"));
    QVERIFY(plan->describe().contains(QStringLiteral("Axis 1: %1 = ").arg(heading)));
}

QTEST_GUILESS_MAIN(TestParameterHeading)
#include "tst_parameter_heading.moc"
