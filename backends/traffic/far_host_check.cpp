#include "traffic/far_host_check.h"

#include "traffic/agent_remote.h"
#include "traffic/ssh_channel.h"

#include <QPointer>
#include <QThread>

#include <fcntl.h>

namespace tcptune {
namespace {

// ssh's own connect timeout; the version exchange and the description follow within seconds.
constexpr int kConnectTimeoutMs = 5000;

} // namespace

FarHostCheck::FarHostCheck(QObject *parent)
    : QObject(parent)
{
}

FarHostCheck::~FarHostCheck()
{
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

Result<agentproto::HostDescription> FarHostCheck::run(TrafficSpec spec)
{
    if (spec.target.kind != TargetKind::Ssh)
        return fail(tr("Only an SSH host can be tested this way."));
    spec.connectTimeoutMs = kConnectTimeoutMs;
    auto channel = SshChannel::start(spec);
    if (!channel)
        return std::unexpected(channel.error());
    AgentRemote agent(spec);
    auto description = agent.describe((*channel)->socket());
    if (!description) {
        const QString why = (*channel)->failure(2000); // when ssh itself failed, its reason is the one
        return fail(why.isEmpty() ? description.error().message : why);
    }
    return description;
}

bool FarHostCheck::start(const TrafficSpec &spec)
{
    if (m_thread)
        return false;
    QPointer<FarHostCheck> self(this);
    m_thread = QThread::create([self, spec] {
        Result<agentproto::HostDescription> result = run(spec);
        QMetaObject::invokeMethod(self, [self, result = std::move(result)] {
            if (!self)
                return;
            if (result)
                Q_EMIT self->described(*result);
            else
                Q_EMIT self->failed(result.error().message);
        });
    });
    m_thread->setObjectName(QStringLiteral("tcptune-ssh-check"));
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
    });
    m_thread->start();
    return true;
}

} // namespace tcptune
