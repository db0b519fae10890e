#pragma once
// RemoteSession for a `tcptune serve` agent (protocol in agent_protocol.h).

#include "traffic/agent_protocol.h"
#include "traffic/remote_session.h"

#include <QCoreApplication>

#include <utility>

namespace tcptune {

class AgentRemote final : public RemoteSession {
    Q_DECLARE_TR_FUNCTIONS(AgentRemote)
public:
    explicit AgentRemote(const TrafficSpec &spec);

    [[nodiscard]] Result<void> open(int control) override;
    // Over ssh, instead of open(): versions, then "describe"; the far host's description.
    [[nodiscard]] Result<agentproto::HostDescription> describe(int control);
    QByteArray dataHello(int stream) const override;
    QByteArray probeHello() const override;
    std::pair<QString, QByteArray> udpProbeKey() const override { return {m_session, m_secret}; }
    [[nodiscard]] Result<void> waitRunning() override;
    [[nodiscard]] Result<void> peerEvent() override;
    bool shutdownDataBeforeFinish() const override { return true; }
    [[nodiscard]] Result<RemoteFigures> finish(const LocalFigures &local) override;

    QString dataHost() const override { return m_dataHost; }
    std::uint16_t dataPort() const override { return m_dataPort; }
    QList<FarTick> takeFarTicks() override { return std::exchange(m_ticks, {}); }
    bool farSamples() const override { return !m_trafficOnly; }

    KnobSnapshot knobs() const override { return m_knobs; }
    QString knobsNote() const override { return m_knobsNote; }
    QString version() const override { return m_version; }

private:
    [[nodiscard]] Result<QJsonObject> readMessage(int timeoutMs, int maxLength);
    [[nodiscard]] Result<QJsonObject> answerChallenge(const QJsonObject &challenge, const QString &token);
    [[nodiscard]] Result<QJsonObject> handshake(const QString &token);
    [[nodiscard]] Result<QString> clientToken() const;
    [[nodiscard]] Result<void> exchangeVersions();
    // The next message that is not "samples" (those are kept for takeFarTicks()).
    [[nodiscard]] Result<QJsonObject> readReply(int timeoutMs, int maxLength);
    void keepSamples(const QJsonObject &message);

    TrafficSpec m_spec;
    QString m_where;
    int m_control = -1;
    QByteArray m_buffer;
    QString m_session;
    QByteArray m_clientNonce;
    QByteArray m_agentNonce;
    QByteArray m_start; // the start as sent, canonical (agentproto::canonical)
    QByteArray m_secret;
    bool m_trafficOnly = false; // an agent without a token: no figures of its host
    KnobSnapshot m_knobs;
    QString m_knobsNote;
    QString m_version;
    QList<FarTick> m_ticks;
    QString m_dataHost;
    std::uint16_t m_dataPort = 0;
    Result<QMap<QString, qint64>> m_countersBefore = QMap<QString, qint64>{};
};

} // namespace tcptune
