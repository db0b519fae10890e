#include "experiment/spec/parameter_heading.h"

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_catalogue.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

// ParameterHeading::tr(): the context lupdate files these strings under.
class ParameterHeading final {
    Q_DECLARE_TR_FUNCTIONS(ParameterHeading)
};

// What the sending end applies to its own data sockets (the agent protocol's "sender" object):
// the socket options the catalogue says act at the sender only, and the sizes of its writes.
bool actsAtTheSender(const QString &parameter)
{
    if (const KnobInfo *knob = KnobCatalogue::instance().find(parameter); knob && knob->kind == KnobKind::SocketOption)
        return knob->socket.actsAtSenderOnly();
    static const QStringList writes = {QStringLiteral("workload.write_size"), QStringLiteral("workload.header_size")};
    return writes.contains(parameter);
}

} // namespace

QString parameterHeading(const ExperimentSpec &spec, const QString &parameter)
{
    if (!actsAtTheSender(parameter))
        return parameter;
    if (spec.workload.direction == QLatin1String("down"))
        return ParameterHeading::tr("%1 (far end)").arg(parameter);
    return parameter;
}

QString parametersHeading(const ExperimentSpec &spec, const QStringList &parameters)
{
    QStringList headings;
    for (const QString &parameter : parameters)
        headings << parameterHeading(spec, parameter);
    return headings.join(QStringLiteral(" + "));
}

} // namespace tcptune
