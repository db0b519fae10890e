// TimeOutlierDetector: a packet far (more than a day) from both neighbours is an outlier; the
// first and last packets when their single neighbour agrees with its own; a capture that jumps
// once (two stretches) has none.

#include "capture/time_outlier_detector.h"

#include <QTest>

#include <climits>

using namespace tcptune;

namespace {
constexpr std::int64_t kS = 1000000000;
constexpr std::int64_t kT0 = 1700000000 * kS;
} // namespace

class TestTimeOutlierDetector final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsOutliers_data();
    void findsOutliers();
};

void TestTimeOutlierDetector::findsOutliers_data()
{
    QTest::addColumn<QList<qint64>>("times");
    QTest::addColumn<QList<qint64>>("outliers"); // record numbers
    QTest::addRow("steady") << QList<qint64>{kT0, kT0 + kS, kT0 + 2 * kS, kT0 + 3 * kS} << QList<qint64>{};
    QTest::addRow("one in 1970") << QList<qint64>{kT0, kT0 + 1, 0, kT0 + 2, kT0 + 3} << QList<qint64>{3};
    QTest::addRow("first and last far") << QList<qint64>{0, kT0, kT0 + 1, kT0 + 2, LLONG_MAX} << QList<qint64>{1, 5};
    QTest::addRow("two stretches a week apart")
        << QList<qint64>{kT0, kT0 + 1, kT0 + 2, kT0 + 7 * 86400 * kS, kT0 + 7 * 86400 * kS + 1} << QList<qint64>{};
    QTest::addRow("extremes of int64") << QList<qint64>{LLONG_MIN, kT0, kT0 + 1, LLONG_MAX, kT0 + 2}
                                       << QList<qint64>{1, 4};
    QTest::addRow("two packets") << QList<qint64>{0, kT0} << QList<qint64>{};
}

void TestTimeOutlierDetector::findsOutliers()
{
    QFETCH(QList<qint64>, times);
    QFETCH(QList<qint64>, outliers);
    TimeOutlierDetector d;
    for (qsizetype i = 0; i < times.size(); ++i)
        d.add(i + 1, times[i]);
    d.finish();
    QCOMPARE(d.count(), outliers.size());
    QList<qint64> found;
    for (const auto &[record, time] : d.examples()) {
        found << record;
        QCOMPARE(time, times[record - 1]);
    }
    std::sort(found.begin(), found.end());
    QCOMPARE(found, outliers.mid(0, 3));
}

QTEST_GUILESS_MAIN(TestTimeOutlierDetector)
#include "tst_time_outlier_detector.moc"
