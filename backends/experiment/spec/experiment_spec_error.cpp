#include "experiment/spec/experiment_spec_error.h"

#include "common/log_text.h"
#include "experiment/spec/experiment_spec.h"

namespace tcptune {

namespace specerror {

Error fieldError(const QString &field, const QString &problem)
{
    // A field's name may come from the file (an unknown key): escaped like any text tcptune did not write.
    return Error{ExperimentSpec::tr("Spec field '%1': %2").arg(logSafe(field, 120), problem)};
}

} // namespace specerror

} // namespace tcptune
