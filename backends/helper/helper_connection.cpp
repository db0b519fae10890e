#include "helper/helper_connection.h"

#include "common/descriptor_passing.h"
#include "knobs/knob_value.h"

#include <QPointer>

#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace tcptune {
namespace {

QString where(const QString &netns)
{
    return netns.isEmpty() ? HelperConnection::tr("host") : netns;
}

// Puts CHANGE's old value back unless the knob no longer holds the value CHANGE wrote.
void putBack(HelperClient &client, const KnobChange &change, RestoreReport &report)
{
    if (knobvalue::sameValue(change.oldValue, change.newValue))
        return;
    auto current = client.get(change.key, change.netns);
    if (!current) {
        report.warnings << HelperConnection::tr("%1 (%2) not restored: %3")
                               .arg(change.key, where(change.netns), current.error().message);
        return;
    }
    if (knobvalue::sameValue(*current, change.oldValue)) {
        report.restored << change;
        return;
    }
    if (!knobvalue::sameValue(*current, change.newValue)) {
        report.warnings << HelperConnection::tr(
                               "%1 (%2) not restored to %3: someone else changed it to %4 meanwhile, so it is left "
                               "alone.")
                               .arg(change.key, where(change.netns), change.oldValue, *current);
        return;
    }
    if (auto written = client.set(change.key, change.oldValue, change.netns); !written)
        report.warnings << HelperConnection::tr("%1 (%2) not restored: %3")
                               .arg(change.key, where(change.netns), written.error().message);
    else
        report.restored << change;
}

} // namespace

HelperConnection::HelperConnection(const HelperStartOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_worker(new QObject)
{
    m_thread.setObjectName(QStringLiteral("tcptune-helper"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

HelperConnection::~HelperConnection()
{
    // Jobs still queued are dropped; the one in progress ends first. Then the helper closes
    // and rolls back what it has changed.
    m_thread.quit();
    m_thread.wait();
    std::lock_guard turn(m_turn);
    std::lock_guard state(m_state);
    m_client.reset();
}

void HelperConnection::setStartOptions(const HelperStartOptions &options)
{
    std::lock_guard state(m_state);
    m_options = options;
}

Result<HelperClient *> HelperConnection::client()
{
    std::unique_lock state(m_state);
    if (m_client && m_client->isRunning())
        return m_client.get();
    // None yet, or it died (its journal is then recovered by the next one).
    m_client.reset();
    const HelperStartOptions options = m_options;
    state.unlock(); // a start may wait minutes for a password; the state stays readable meanwhile
    auto started = HelperClient::start(options);
    if (!started)
        return std::unexpected(started.error());
    state.lock();
    m_client = std::move(*started);
    return m_client.get();
}

template <typename T> Result<T> HelperConnection::call(const std::function<Result<T>(HelperClient &)> &fn)
{
    std::lock_guard turn(m_turn);
    auto c = client();
    if (!c)
        return std::unexpected(c.error());
    return fn(**c);
}

Result<void> HelperConnection::ensureStarted()
{
    std::lock_guard turn(m_turn);
    auto c = client();
    if (!c)
        return std::unexpected(c.error());
    return {};
}

Result<QJsonObject> HelperConnection::request(const QString &op, const QJsonObject &params, int timeoutMs)
{
    return call<QJsonObject>([&](HelperClient &c) { return c.request(op, params, timeoutMs); });
}

Result<QString> HelperConnection::get(const QString &key, const QString &netns)
{
    return call<QString>([&](HelperClient &c) { return c.get(key, netns); });
}

Result<KnobChange> HelperConnection::set(const QString &key, const QString &value, const QString &netns, bool confirmed)
{
    return call<KnobChange>([&](HelperClient &c) { return c.set(key, value, netns, confirmed); });
}

Result<KnobSnapshot> HelperConnection::snapshot(const QString &netns)
{
    return call<KnobSnapshot>([&](HelperClient &c) { return c.snapshot(netns); });
}

Result<QList<KnobChange>> HelperConnection::journal()
{
    return call<QList<KnobChange>>([](HelperClient &c) { return c.journal(); });
}

Result<RestoreReport> HelperConnection::restore()
{
    return call<RestoreReport>([](HelperClient &c) { return c.restore(); });
}

Result<RestoreReport> HelperConnection::restore(const QList<KnobChange> &changes)
{
    if (changes.isEmpty())
        return RestoreReport{};
    return call<RestoreReport>([&](HelperClient &c) -> Result<RestoreReport> {
        RestoreReport report;
        for (auto it = changes.crbegin(); it != changes.crend(); ++it)
            putBack(c, *it, report);
        return report;
    });
}

Result<QList<int>> HelperConnection::labSockets(const netns::SocketRequest &request)
{
    if (request.type != SOCK_STREAM && request.type != SOCK_DGRAM)
        return fail(tr("tcptune-helper makes only TCP and UDP sockets in a lab namespace."));
    QJsonObject params{{QStringLiteral("netns"), request.netns},
                       {QStringLiteral("family"), request.family == AF_INET6 ? u"inet6"_s : u"inet"_s},
                       {QStringLiteral("count"), request.count}};
    if (request.type == SOCK_DGRAM)
        params.insert(QStringLiteral("type"), u"udp"_s);
    if (!request.congestionControl.isEmpty())
        params.insert(QStringLiteral("congestion_control"), request.congestionControl);
    auto reply = call<DescriptorReply>(
        [&](HelperClient &c) { return c.requestWithDescriptors(QStringLiteral("lab_sockets"), params); });
    if (!reply)
        return fail(tr("Cannot get sockets in %1 from tcptune-helper: %2").arg(request.netns, reply.error().message));
    if (reply->fds.size() != request.count) {
        descriptors::closeAll(reply->fds);
        return fail(tr("tcptune-helper passed %1 socket(s) in %2 instead of %3.")
                        .arg(reply->fds.size())
                        .arg(request.netns)
                        .arg(request.count));
    }
    return reply->fds;
}

netns::SocketMaker HelperConnection::socketMaker()
{
    if (::geteuid() == 0)
        return netns::makeSockets;
    return [this](const netns::SocketRequest &request) { return labSockets(request); };
}

Result<void> HelperConnection::tuneLabSocket(int fd, const netns::SocketOptions &options)
{
    QJsonObject params;
    if (!options.congestionControl.isEmpty())
        params.insert(QStringLiteral("congestion_control"), options.congestionControl);
    if (options.sndbuf > 0)
        params.insert(QStringLiteral("sndbuf"), options.sndbuf);
    auto reply = call<DescriptorReply>(
        [&](HelperClient &c) { return c.requestWithDescriptors(QStringLiteral("lab_socket_options"), params, {fd}); });
    if (!reply)
        return fail(tr("tcptune-helper cannot set the options of a lab socket: %1").arg(reply.error().message));
    descriptors::closeAll(reply->fds); // none were asked for
    return {};
}

netns::SocketTuner HelperConnection::socketTuner()
{
    if (::geteuid() == 0)
        return {};
    return [this](int fd, const netns::SocketOptions &options) { return tuneLabSocket(fd, options); };
}

Result<int> HelperConnection::captureSocket(const capturesocket::Request &request)
{
    auto reply = call<DescriptorReply>([&](HelperClient &c) {
        return c.requestWithDescriptors(QStringLiteral("lab_capture"), capturesocket::toJson(request));
    });
    if (!reply)
        return fail(tr("tcptune-helper cannot capture on %1 in %2: %3")
                        .arg(request.interface, request.netns, reply.error().message));
    if (reply->fds.size() != 1) {
        descriptors::closeAll(reply->fds);
        return fail(tr("tcptune-helper passed %1 descriptors for a capture instead of one.").arg(reply->fds.size()));
    }
    return reply->fds.first();
}

capturesocket::Maker HelperConnection::captureSocketMaker()
{
    if (::geteuid() == 0)
        return {};
    return [this](const capturesocket::Request &request) { return captureSocket(request); };
}

Result<KnobSnapshot> HelperConnection::readKnobs(const QString &netns)
{
    if (::geteuid() == 0 || netns.isEmpty()) {
        auto readings = KnobReader::readSysctls(netns);
        if (!readings)
            return std::unexpected(readings.error());
        return KnobReader::snapshotOf(*readings);
    }
    return snapshot(netns);
}

Result<mib::Counters> HelperConnection::readCounters(const QString &netns)
{
    if (::geteuid() == 0 || netns.isEmpty())
        return mib::read(netns);
    auto reply = request(QStringLiteral("mib_counters"), {{QStringLiteral("netns"), netns}});
    if (!reply)
        return fail(tr("The counters of %1 could not be read: %2").arg(netns, reply.error().message));
    return mib::fromJson(reply->value(QStringLiteral("counters")).toObject());
}

RestoreReport HelperConnection::recoveredAtStart() const
{
    std::lock_guard state(m_state);
    return m_client ? m_client->recoveredAtStart() : RestoreReport{};
}

bool HelperConnection::isRunning() const
{
    std::lock_guard state(m_state);
    return m_client && m_client->isRunning();
}

QString HelperConnection::launchMethod() const
{
    std::lock_guard state(m_state);
    return m_client ? m_client->launchMethod() : QString();
}

void HelperConnection::submit(QObject *context, Job job)
{
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    const QPointer<QObject> receiver(context);
    QMetaObject::invokeMethod(
        m_worker,
        [this, receiver, job = std::move(job)] {
            std::function<void()> then = job(*this);
            // Back on this object's thread, which is CONTEXT's: only there may RECEIVER be checked.
            QMetaObject::invokeMethod(this, [this, receiver, then = std::move(then)] {
                if (receiver && then)
                    then();
                jobDone();
            });
        },
        Qt::QueuedConnection);
}

void HelperConnection::jobDone()
{
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

} // namespace tcptune
