#include "experiment/run/lab_run_endpoint.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

// LabRunEndpoint::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabRunEndpoint final {
    Q_DECLARE_TR_FUNCTIONS(LabRunEndpoint)
};

} // namespace

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
    e.returnBottleneckNetns = layout.returnBottleneckNetns;
    if (spec.rateBitsPerSecond > 0) { // unshaped: no queue builds anywhere
        e.bottleneckInterface = layout.bottleneckInterface;
        e.returnBottleneckInterface = layout.returnBottleneckInterface;
    }
    e.bottleneckRateBps = spec.rateBitsPerSecond;
    e.bottleneckQueueBytes = spec.queueBytes;
    e.description = LabRunEndpoint::tr("lab %1: %2").arg(labName, describe(spec));
    return e;
}

RunEndpoint watchedWhereDataFlows(RunEndpoint endpoint, bool farSends)
{
    if (farSends) {
        endpoint.bottleneckNetns = endpoint.returnBottleneckNetns;
        endpoint.bottleneckInterface = endpoint.returnBottleneckInterface;
    }
    return endpoint;
}

} // namespace tcptune
