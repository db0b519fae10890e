#pragma once
// What a tune of a spec may change (TuneEnvironment), from the spec's target and workload and the
// TuneSpec's ends: refused, with what to do instead, when the search could not mean anything
// (several ends, both directions at once, no knob it may change).

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/tune/tune_spec.h"
#include "experiment/tune/tuner_search.h"
#include "knobs/knob_reader.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tcptune {

class TuneTarget final {
    Q_DECLARE_TR_FUNCTIONS(TuneTarget)
public:
    // The environment of tuning SPEC as TUNE says. FAR_KNOBS: the far end's last snapshot (a
    // resumed tune's stored runs; empty: not known yet), for its congestion controls.
    [[nodiscard]] static Result<TuneEnvironment> environmentOf(const ExperimentSpec &spec, const TuneSpec &tune,
                                                               const KnobSnapshot &farKnobs = {});
    // The congestion controls the kernel offers where SPEC's client lives (the lab's client
    // namespace, else this host). Read inside the namespace when we may enter it (root); a
    // normal user reads this host's list, which is the same kernel's (the list is global).
    static QStringList localCongestionControls(const ExperimentSpec &spec);
};

} // namespace tcptune
