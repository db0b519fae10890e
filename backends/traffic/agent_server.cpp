#include "traffic/agent_server.h"

namespace tcptune {

struct AgentServer::Impl {
    AgentOptions options;
};

AgentServer::AgentServer(AgentOptions options, QObject *parent)
    : QObject(parent)
    , m_impl(std::make_unique<Impl>())
{
    m_impl->options = std::move(options);
}

AgentServer::~AgentServer() = default;

Result<std::uint16_t> AgentServer::listen(const QString &, std::uint16_t)
{
    return fail(QStringLiteral("not implemented yet"));
}

void AgentServer::stop() {}
bool AgentServer::isListening() const
{
    return false;
}
std::uint16_t AgentServer::port() const
{
    return 0;
}
int AgentServer::activeSessions() const
{
    return 0;
}
int AgentServer::sessionsServed() const
{
    return 0;
}
int AgentServer::protocolErrors() const
{
    return 0;
}

} // namespace tcptune
