#include "knobs/knob_reader.h"

#include "common/netns.h"
#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

// KnobReaderText::tr(): lupdate files this file's text under the context that tr() looks it up in.
class KnobReaderText final {
    Q_DECLARE_TR_FUNCTIONS(KnobReaderText)
};

KnobReading readOne(const KnobInfo &knob)
{
    KnobReading reading;
    reading.knob = &knob;
    auto value = procsys::read(knob.procPath());
    if (value)
        reading.value = *value;
    else
        reading.problem = KnobReaderText::tr("not available in this kernel");
    return reading;
}

} // namespace

bool KnobReading::differsFromDefault() const
{
    return value && knob && !knob->defaultValue.isEmpty() && !knobvalue::sameValue(*value, knob->defaultValue);
}

Result<QList<KnobReading>> KnobReader::readSysctls(const QString &netns)
{
    const QList<KnobInfo> &all = KnobCatalogue::instance().all();
    QList<KnobReading> readings;
    QList<int> inNamespace;
    for (int i = 0; i < all.size(); ++i) {
        if (all[i].kind != KnobKind::Sysctl)
            continue;
        if (!netns.isEmpty() && all[i].perNetns)
            inNamespace << readings.size();
        readings << readOne(all[i]);
    }
    if (netns.isEmpty())
        return readings;

    auto entered = netns::runIn(netns, [&] {
        for (int index : inNamespace)
            readings[index] = readOne(*readings[index].knob);
    });
    if (!entered)
        return std::unexpected(entered.error());
    return readings;
}

KnobSnapshot KnobReader::snapshotOf(const QList<KnobReading> &readings)
{
    KnobSnapshot snapshot;
    for (const KnobReading &r : readings)
        if (r.value)
            snapshot.insert(r.knob->key, procsys::normalise(*r.value));
    return snapshot;
}

} // namespace tcptune
