#include "experiment/lab_run_endpoint.h"

#include <QCoreApplication>

namespace tcptune {

RunEndpoint labRunEndpoint(const QString &labName, const LabSpec &spec, const LabEndpoints &served)
{
    RunEndpoint e;
    e.lab = true;
    e.labName = labName;
    e.clientNetns = served.clientNetns;
    e.host = served.serverAddress;
    e.port = served.agentPort;
    e.captureInterface = served.clientInterface;
    e.captureNetns = served.clientNetns;
    const LabLayout layout = layoutFor(labName, spec.topology);
    e.serverNetns = layout.serverNetns;
    e.routerNetns = layout.routerNetns;
    e.bottleneckNetns = layout.bottleneckNetns;
    if (spec.rateBitsPerSecond > 0)
        e.bottleneckInterface = layout.bottleneckInterface; // unshaped: no queue builds anywhere
    e.bottleneckRateBps = spec.rateBitsPerSecond;
    e.bottleneckQueueBytes = spec.queueBytes;
    e.description = QCoreApplication::translate("LiveExperimentBackend", "lab %1: %2").arg(labName, describe(spec));
    return e;
}

} // namespace tcptune
