// --affinity's CPU lists (taskset -c's form, only CPUs the process may use) and pinning a whole
// process: the threads it has and the threads it starts later.

#include "common/cpu_affinity.h"

#include <QTest>

#include <atomic>
#include <sched.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

namespace {

QList<int> cpusOf(pid_t tid)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    QList<int> cpus;
    if (::sched_getaffinity(tid, sizeof set, &set) == 0)
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                cpus.append(cpu);
    return cpus;
}

pid_t currentThreadId()
{
    return pid_t(::syscall(SYS_gettid));
}

} // namespace

class TestCpuAffinity final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsParsed();
    void badListsRefused_data();
    void badListsRefused();
    void describedAsRanges();
    void wholeProcessPinned();
};

void TestCpuAffinity::listsParsed()
{
    const QList<int> allowed = CpuAffinity::allowed();
    QVERIFY(!allowed.isEmpty());
    const int first = allowed.constFirst();
    QCOMPARE(CpuAffinity::parse(QString::number(first)).value(), QList<int>{first});
    QCOMPARE(CpuAffinity::parse(QStringLiteral(" %1 , %1").arg(first)).value(), QList<int>{first});
    QCOMPARE(CpuAffinity::parse(CpuAffinity::describe(allowed)).value(), allowed);
}

void TestCpuAffinity::badListsRefused_data()
{
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<QString>("says");
    const QString notAList = QStringLiteral("is not a CPU list");
    QTest::addRow("empty") << QString() << notAList;
    QTest::addRow("word") << QStringLiteral("all") << notAList;
    QTest::addRow("negative") << QStringLiteral("-1") << notAList;
    QTest::addRow("backwards range") << QStringLiteral("1-0") << notAList;
    QTest::addRow("empty part") << QStringLiteral("0,,1") << notAList;
    QTest::addRow("three ends") << QStringLiteral("0-1-2") << notAList;
    QTest::addRow("past the set") << QStringLiteral("99999") << notAList;
    QTest::addRow("not allowed") << QString::number(CPU_SETSIZE - 1) << QStringLiteral("choose from");
}

void TestCpuAffinity::badListsRefused()
{
    QFETCH(QString, cpus);
    QFETCH(QString, says);
    const auto parsed = CpuAffinity::parse(cpus);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().message.contains(says), qPrintable(parsed.error().message));
}

void TestCpuAffinity::describedAsRanges()
{
    QCOMPARE(CpuAffinity::describe({0, 1, 3}), QStringLiteral("0-1,3"));
    QCOMPARE(CpuAffinity::describe({2}), QStringLiteral("2"));
    QCOMPARE(CpuAffinity::describe({0, 2, 3, 4, 7}), QStringLiteral("0,2-4,7"));
}

// A thread running before the pinning is pinned too, and one started after inherits it.
void TestCpuAffinity::wholeProcessPinned()
{
    const QList<int> before = CpuAffinity::allowed();
    const QList<int> target{before.constLast()};
    std::atomic<pid_t> earlyTid{0};
    std::atomic<bool> done{false};
    std::thread early([&] {
        earlyTid = currentThreadId();
        while (!done.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    while (earlyTid.load() == 0)
        std::this_thread::yield();
    QVERIFY(CpuAffinity::pinProcess(target).has_value());
    QCOMPARE(cpusOf(0), target);
    QCOMPARE(cpusOf(earlyTid.load()), target);
    QList<int> inherited;
    std::thread late([&] { inherited = cpusOf(0); });
    late.join();
    done = true;
    early.join();
    QCOMPARE(inherited, target);
    QVERIFY(CpuAffinity::pinProcess(before).has_value());
    QCOMPARE(CpuAffinity::allowed(), before);
}

QTEST_GUILESS_MAIN(TestCpuAffinity)
#include "tst_cpu_affinity.moc"
