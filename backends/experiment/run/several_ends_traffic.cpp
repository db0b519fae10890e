#include "experiment/run/several_ends_traffic.h"

#include "traffic/traffic_client.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <thread>
#include <vector>

namespace tcptune {
namespace {

// Between the first and the last end's start of traffic, or -1 when an end never started.
double startSpreadMs(const std::vector<std::optional<std::chrono::steady_clock::time_point>> &began)
{
    if (began.empty() || std::ranges::any_of(began, [](const auto &t) { return !t.has_value(); }))
        return -1;
    const auto [first, last] = std::ranges::minmax(began);
    return std::chrono::duration<double, std::milli>(*last - *first).count();
}

} // namespace

// The ends' common start: each connected client waits here until every end has connected (then
// all begin at once) or one has failed or the run was cancelled (then none begins).
class SeveralEndsTraffic::StartLine final {
public:
    explicit StartLine(int ends)
        : m_missing(ends)
    {
    }
    // An end is connected; true when all are and the traffic may begin.
    bool arriveAndWait()
    {
        std::unique_lock lock(m_mutex);
        --m_missing;
        m_changed.notify_all();
        m_changed.wait(lock, [this] { return m_missing <= 0 || m_broken; });
        return !m_broken;
    }
    // An end ended without connecting (FAILED), or the run was cancelled: nobody begins.
    void breakLine(bool failed)
    {
        std::lock_guard lock(m_mutex);
        m_broken = true;
        m_failed = m_failed || failed;
        m_changed.notify_all();
    }
    bool failed() const
    {
        std::lock_guard lock(m_mutex);
        return m_failed;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_missing;
    bool m_broken = false;
    bool m_failed = false;
};

void SeveralEndsTraffic::track(TrafficClient *client, bool running)
{
    std::lock_guard lock(m_mutex);
    if (!running) {
        m_clients.removeOne(client);
        return;
    }
    m_clients.append(client);
    if (m_cancelled)
        client->cancel();
}

void SeveralEndsTraffic::cancel()
{
    std::lock_guard lock(m_mutex);
    m_cancelled = true;
    for (TrafficClient *client : m_clients)
        client->cancel();
    if (m_line)
        m_line->breakLine(false);
}

TrafficResult SeveralEndsTraffic::runEnd(int index, const TrafficSpec &spec, StartLine &line,
                                         std::optional<Clock::time_point> &began)
{
    TrafficClient client;
    client.setSocketMaker(m_socketMaker);
    bool connected = false;
    QObject::connect(
        &client, &TrafficClient::connected, &client,
        [&](const QList<quint16> &) {
            connected = true;
            if (!line.arriveAndWait())
                client.cancel(); // another end failed or the run was cancelled: begin nothing
        },
        Qt::DirectConnection);
    QObject::connect(
        &client, &TrafficClient::trafficStarted, &client, [&began] { began = Clock::now(); }, Qt::DirectConnection);
    if (m_samples)
        QObject::connect(
            &client, &TrafficClient::samplesReady, &client,
            [this, index](const QList<TrafficSample> &batch) { m_samples(index, batch); }, Qt::DirectConnection);
    if (m_progress)
        QObject::connect(
            &client, &TrafficClient::progress, &client,
            [this, index](double elapsed, double total, double bps) { m_progress(index, elapsed, total, bps); },
            Qt::DirectConnection);
    track(&client, true);
    TrafficResult result = client.run(spec);
    track(&client, false);
    if (!connected)
        line.breakLine(true);
    return result;
}

SeveralEndsResult SeveralEndsTraffic::run(const QList<TrafficSpec> &ends)
{
    StartLine line(int(ends.size()));
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = false;
        m_line = &line;
    }
    QList<TrafficResult> results(ends.size());
    std::vector<std::optional<Clock::time_point>> began(std::size_t(ends.size()));
    {
        std::vector<std::jthread> threads;
        for (qsizetype i = 0; i < ends.size(); ++i)
            threads.emplace_back([&, i] { results[i] = runEnd(int(i), ends.at(i), line, began[std::size_t(i)]); });
    } // every end's thread has finished here
    {
        std::lock_guard lock(m_mutex);
        m_line = nullptr;
    }
    SeveralEndsResult r;
    r.ends = results;
    r.summarise();
    if (line.failed()) { // an end could not start: say which, and that the others did not run because of it
        r.error.clear();
        r.cancelled = false;
        for (qsizetype i = 0; i < r.ends.size(); ++i) {
            TrafficResult &end = r.ends[i];
            if (!began[std::size_t(i)] && !end.error.isEmpty() && r.error.isEmpty())
                r.error =
                    tr("End %1: %2 The other ends were stopped before their traffic began.").arg(end.target, end.error);
            if (end.cancelled) {
                end.cancelled = false;
                end.error = tr("Not run: another end failed before the traffic began.");
            }
        }
    }
    r.startSpreadMs = startSpreadMs(began);
    return r;
}

} // namespace tcptune
