#include "common/vector_state.h"

#include <QTest>

using namespace tcptune;

class TestVectorState final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clearsTheUpperHalves();
    void clearingIsHarmlessWhenClean();
};

namespace {

// Puts ones into the upper half of YMM0, as AVX code that returns without VZEROUPPER does.
void dirtyUpperHalves()
{
#if defined(__x86_64__)
    __asm__ volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0" ::: "xmm0");
#endif
}

} // namespace

void TestVectorState::clearsTheUpperHalves()
{
    if (!vectorUpperStateInUse())
        QSKIP("This CPU cannot report which vector state is in use (no AVX, or no XGETBV with ECX=1).");
    dirtyUpperHalves();
    const std::optional<bool> dirty = vectorUpperStateInUse();
    clearVectorUpperState();
    const std::optional<bool> cleared = vectorUpperStateInUse();
    QCOMPARE(dirty.value_or(false), true);
    QCOMPARE(cleared.value_or(true), false);
}

void TestVectorState::clearingIsHarmlessWhenClean()
{
    clearVectorUpperState();
    clearVectorUpperState();
    QCOMPARE(vectorUpperStateInUse().value_or(false), false);
}

QTEST_GUILESS_MAIN(TestVectorState)
#include "tst_vector_state.moc"
