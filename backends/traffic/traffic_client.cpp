#include "traffic/traffic_client.h"

namespace tcptune {

TrafficClient::TrafficClient(QObject *parent)
    : QObject(parent)
{
}

TrafficClient::~TrafficClient() = default;

TrafficResult TrafficClient::run(const TrafficSpec &spec)
{
    TrafficResult r;
    r.spec = spec;
    r.error = QStringLiteral("not implemented yet");
    return r;
}

void TrafficClient::cancel()
{
    m_cancel.store(true);
}

bool TrafficClient::isCancelled() const
{
    return m_cancel.load();
}

} // namespace tcptune
