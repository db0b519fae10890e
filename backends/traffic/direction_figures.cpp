#include "traffic/direction_figures.h"

namespace tcptune {

QList<DirectionResult> directionsFor(const TrafficSpec &spec)
{
    if (spec.direction != Direction::Both)
        return {};
    DirectionResult up;
    up.direction = Direction::Up;
    up.samplesFrom = QStringLiteral("local sender");
    up.receivedBy = QStringLiteral("target receiver");
    DirectionResult down;
    down.direction = Direction::Down;
    // iperf3 streams no samples of its sending: this host's receiving is all there is.
    down.samplesFrom =
        spec.target.kind == TargetKind::Iperf3 ? QStringLiteral("local receiver") : QStringLiteral("target sender");
    down.receivedBy = QStringLiteral("local receiver");
    return {up, down};
}

SummaryStats streamRtt(const TrafficResult &result, std::optional<Direction> direction)
{
    QList<double> rtts;
    for (const StreamResult &s : result.perStream) {
        if (direction && s.direction != *direction)
            continue;
        for (const TrafficSample &sample : s.samples)
            if (!sample.omitted && sample.rttMs >= 0)
                rtts.append(sample.rttMs);
    }
    return SummaryStats::of(rtts);
}

void splitDirections(TrafficResult &r, std::int64_t sent, std::int64_t received)
{
    if (r.directions.size() != 2)
        return;
    DirectionResult &up = r.directions.front();
    up.senderBytes = r.senderBytes;
    up.receiverBytes = r.receiverBytes;
    up.throughputBps = r.throughputBps;
    up.senderThroughputBps = r.senderThroughputBps;
    up.rttMs = streamRtt(r, Direction::Up);
    up.samples = r.samples;
    up.receiverIntervals = r.receiverIntervals;

    DirectionResult &down = r.directions.back();
    const auto rate = [&r](std::int64_t bytes) { return r.durationS > 0 ? double(bytes) * 8.0 / r.durationS : 0.0; };
    down.senderBytes = sent;
    down.receiverBytes = received;
    down.throughputBps = rate(received);
    down.senderThroughputBps = rate(sent);
    down.rttMs = streamRtt(r, Direction::Down);

    r.senderBytes = up.senderBytes + down.senderBytes;
    r.receiverBytes = up.receiverBytes + down.receiverBytes;
    r.throughputBps = up.throughputBps + down.throughputBps;
    r.senderThroughputBps = up.senderThroughputBps + down.senderThroughputBps;
    r.rttMs = streamRtt(r);
}

} // namespace tcptune
