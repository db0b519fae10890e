#include "capture/tcp_connection_tracker.h"

#include "capture/saturating_time.h"

#include <algorithm>

namespace tcptune {
namespace {

// Sequence-space comparisons (RFC 1982 style), as Wireshark's GT_SEQ & co.
bool gtSeq(std::uint32_t a, std::uint32_t b)
{
    return std::int32_t(a - b) > 0;
}
bool ltSeq(std::uint32_t a, std::uint32_t b)
{
    return std::int32_t(a - b) < 0;
}
bool leSeq(std::uint32_t a, std::uint32_t b)
{
    return std::int32_t(a - b) <= 0;
}
bool geSeq(std::uint32_t a, std::uint32_t b)
{
    return std::int32_t(a - b) >= 0;
}

// Per-segment findings that later segments look back at.
enum : unsigned {
    kZeroWindowProbe = 1u << 0,
    kKeepAlive = 1u << 1,
    kRetransmission = 1u << 2,
    kFastRetransmission = 1u << 3,
    kSpuriousRetransmission = 1u << 4,
    kOutOfOrder = 1u << 5,
    kDupAck = 1u << 6,
    kZeroWindow = 1u << 7,
    kWindowFull = 1u << 8,
};

// Wireshark stops remembering segments when this many are unacknowledged (ACKs not captured).
constexpr std::size_t kMaxUnacked = 10000;

} // namespace

struct TcpConnectionTracker::Segment {
    std::uint32_t seq;
    std::uint32_t ack;
    std::uint32_t seglen;
    std::uint16_t flags;
    std::uint32_t window;
    std::int64_t timeNs;
    bool synFinRst;
    bool synOrFin;
};

void TcpConnectionTracker::Segments::popFront()
{
    ++head;
    if (head == items.size()) {
        items.clear();
        head = 0;
    } else if (head >= 64 && head * 2 >= items.size()) {
        items.erase(items.begin(), items.begin() + std::ptrdiff_t(head));
        head = 0;
    }
}

bool TcpConnectionTracker::isNewConnection(int dir, const DecodedTcp &tcp) const
{
    const Direction &d = m_dir[dir];
    return (tcp.flags & (tcpflag::Syn | tcpflag::Ack)) == tcpflag::Syn && d.baseSeqSet && tcp.seq != d.baseSeq;
}

int TcpConnectionTracker::windowShift(int dir) const
{
    const int mine = m_dir[dir].synWindowScale;
    const int theirs = m_dir[1 - dir].synWindowScale;
    return (mine >= 0 && theirs >= 0) ? mine : 0;
}

std::size_t TcpConnectionTracker::heapBytes() const
{
    return (m_dir[0].segments.items.capacity() + m_dir[1].segments.items.capacity()) * sizeof(Unacked);
}

SegmentVerdict TcpConnectionTracker::onSegment(int dir, const DecodedTcp &tcp, std::int64_t timeNs)
{
    Direction &fwd = m_dir[dir];
    Direction &rev = m_dir[1 - dir];
    const std::uint16_t flags = tcp.flags;
    const Segment s{tcp.seq,
                    tcp.ack,
                    tcp.segmentLength,
                    flags,
                    tcp.window,
                    timeNs,
                    (flags & (tcpflag::Syn | tcpflag::Fin | tcpflag::Rst)) != 0,
                    (flags & (tcpflag::Syn | tcpflag::Fin)) != 0};
    SegmentVerdict verdict;

    setBaseSequences(fwd, rev, s);
    unsigned found = windowFindings(fwd, rev, s);
    if (s.ack != fwd.lastack)
        fwd.dupacks = 0;
    lostAckFindings(rev, s);
    if ((s.seglen > 0 || s.synOrFin) && !(found & kKeepAlive))
        found |= retransmissionFindings(fwd, rev, s);
    remember(fwd, s, found);
    ackSegments(rev, s.ack, timeNs, verdict);

    if (s.seglen != 0 && !fwd.segments.empty() && fwd.validBif) {
        const std::uint32_t inFlight = bytesInFlight(fwd) - rev.sackedBytes;
        if (inFlight > 0 && inFlight < 2000000000u) {
            verdict.hasBytesInFlight = true;
            // A SYN's or FIN's sequence number holds no byte.
            verdict.bytesInFlight = inFlight - (s.synOrFin ? 1u : 0u);
        }
    }
    // Wireshark reads the SACK option after the analysis: it counts from the next segment on,
    // until a segment of this side without one.
    fwd.sackedBytes = sackedBytes(tcp);
    handshake(fwd, tcp, timeNs);
    verdict.retransmission = found & (kRetransmission | kFastRetransmission | kSpuriousRetransmission);
    verdict.dupAck = found & kDupAck;
    verdict.zeroWindow = found & kZeroWindow;
    verdict.windowFull = found & kWindowFull;
    return verdict;
}

void TcpConnectionTracker::setBaseSequences(Direction &fwd, Direction &rev, const Segment &s)
{
    if (!fwd.baseSeqSet) {
        fwd.baseSeq = (s.flags & tcpflag::Syn) ? s.seq : s.seq - 1;
        fwd.baseSeqSet = true;
    }
    if (!rev.baseSeqSet && (s.flags & tcpflag::Ack)) {
        rev.baseSeq = s.ack - 1;
        rev.baseSeqSet = true;
    }
    if (s.flags & tcpflag::Ack)
        rev.validBif = true;
}

// Zero window probes, keep-alives and duplicate ACKs. Wireshark jumps over the window and
// duplicate-ACK checks for probes and their ACKs (the retransmission checks still run).
unsigned TcpConnectionTracker::windowFindings(Direction &fwd, Direction &rev, const Segment &s)
{
    unsigned found = 0;
    // Zero window probe: one byte at the expected place into a closed window.
    if (s.seglen == 1 && s.seq == fwd.nextseq && rev.window == 0)
        return kZeroWindowProbe;
    // A segment beyond what we expected: something before it was not captured.
    if (fwd.nextseq && gtSeq(s.seq, fwd.nextseq) && !(s.flags & tcpflag::Rst))
        fwd.validBif = false;
    if ((s.seglen == 0 || s.seglen == 1) && s.seq == fwd.nextseq - 1 && !s.synFinRst)
        found |= kKeepAlive;
    if (s.window == 0 && !s.synFinRst)
        found |= kZeroWindow;
    // Data up to the right edge of the window the receiver advertised (known once its SYN told
    // whether the window is scaled).
    const int revShift = windowShift(int(&rev - m_dir));
    if (s.seglen > 0 && rev.synWindowScale != -1 && !s.synFinRst &&
        s.seq + s.seglen == rev.lastack + (rev.window << revShift))
        found |= kWindowFull;
    // Keep-alive ACK and zero-window-probe ACK end the checks early in Wireshark.
    const bool repeatsAck =
        s.seglen == 0 && s.window == fwd.window && s.seq == fwd.nextseq && s.ack == fwd.lastack && !s.synFinRst;
    const bool ackOfProbe = (s.window != 0 && (rev.lastSegmentFlags & kKeepAlive)) ||
                            (s.window == 0 && (rev.lastSegmentFlags & kZeroWindowProbe));
    if (repeatsAck && s.window != 0 && !ackOfProbe) {
        fwd.dupacks = fwd.dupacks == -1 ? 1 : fwd.dupacks + 1; // duplicate ACK
        found |= kDupAck;
    }
    return found;
}

// An ACK for data of the other side we never saw.
void TcpConnectionTracker::lostAckFindings(Direction &rev, const Segment &s)
{
    if (rev.maxseqtobeacked && gtSeq(s.ack, rev.maxseqtobeacked) && (s.flags & tcpflag::Ack)) {
        if (rev.maxseqtobeacked > rev.nextseq)
            rev.maxseqtobeacked = rev.nextseq;
        else
            rev.dupacks = -1;
    }
}

unsigned TcpConnectionTracker::retransmissionFindings(const Direction &fwd, const Direction &rev,
                                                      const Segment &s) const
{
    bool seqNotAdvanced = fwd.nextseq && ltSeq(s.seq, fwd.nextseq);
    if (s.seglen > 1 && fwd.nextseq - 1 == s.seq)
        seqNotAdvanced = false;
    const std::int64_t sinceDupAck = saturatingSub(s.timeNs, rev.lastackTimeNs);
    const std::int64_t sinceNextseq = saturatingSub(s.timeNs, fwd.nextseqTimeNs);
    const std::int64_t outOfOrderThreshold = m_firstRttNs != 0 ? m_firstRttNs : 3000000;
    if (s.seglen > 0 && rev.lastack && leSeq(s.seq + s.seglen, rev.lastack))
        return kSpuriousRetransmission; // data the receiver had already acknowledged
    if (seqNotAdvanced && rev.dupacks >= 2 && rev.lastack == s.seq && sinceDupAck >= 0 && sinceDupAck < 20000000)
        return kFastRetransmission;
    if (seqNotAdvanced && sinceNextseq >= 0 && sinceNextseq < outOfOrderThreshold &&
        fwd.nextseq != s.seq + s.seglen + (s.synOrFin ? 1 : 0))
        return kOutOfOrder;
    return seqNotAdvanced ? unsigned(kRetransmission) : 0u;
}

// Remembers the segment until it is ACKed and moves this side's expectations forward.
void TcpConnectionTracker::remember(Direction &fwd, const Segment &s, unsigned found)
{
    std::uint32_t nextseq = s.seq + s.seglen;
    if ((s.seglen || s.synOrFin) && fwd.segments.size() < kMaxUnacked) {
        if (s.synOrFin)
            nextseq += 1;
        Segments &list = fwd.segments;
        if (!list.empty() && (ltSeq(s.seq, list.back().seq) || ltSeq(nextseq, list.back().nextseq)))
            list.ordered = false;
        list.items.push_back({s.seq, nextseq, s.timeNs});
    }
    if ((gtSeq(nextseq, fwd.nextseq) || !fwd.nextseq) && !(found & kZeroWindowProbe)) {
        fwd.nextseq = nextseq;
        fwd.nextseqTimeNs = s.timeNs;
    }
    if ((s.seq == fwd.maxseqtobeacked || !fwd.maxseqtobeacked) && !(found & kZeroWindowProbe))
        fwd.maxseqtobeacked = fwd.nextseq;
    fwd.window = s.window;
    fwd.lastack = s.ack;
    fwd.lastackTimeNs = s.timeNs;
    fwd.lastSegmentFlags = found;
}

// Handshake bookkeeping Wireshark does after the sequence analysis.
void TcpConnectionTracker::handshake(Direction &fwd, const DecodedTcp &tcp, std::int64_t timeNs)
{
    if (tcp.flags & tcpflag::Syn) {
        fwd.synWindowScale = tcp.windowScale >= 0 ? tcp.windowScale : -2;
        if (!(tcp.flags & tcpflag::Ack))
            m_lastSynNs = timeNs;
    }
    if ((tcp.flags & (tcpflag::Syn | tcpflag::Ack)) == tcpflag::Ack && m_lastSynNs != 0 && m_firstRttNs == 0)
        m_firstRttNs = saturatingSub(timeNs, m_lastSynNs);
}

// Removes what ACK covers from REV's unacknowledged segments. The RTT sample is the time since
// the oldest segment that ends exactly at ACK (a partial or cumulative ACK gives none).
void TcpConnectionTracker::ackSegments(Direction &rev, std::uint32_t ack, std::int64_t timeNs, SegmentVerdict &verdict)
{
    Segments &list = rev.segments;
    bool matched = false;
    std::int64_t sentNs = 0;
    if (list.ordered) {
        while (!list.empty() && leSeq(list.front().nextseq, ack)) {
            if (!matched && list.front().nextseq == ack) {
                matched = true;
                sentNs = list.front().timeNs;
            }
            list.popFront();
        }
        for (std::size_t i = list.head; i < list.items.size(); ++i) {
            if (!gtSeq(ack, list.items[i].seq))
                break;
            list.items[i].seq = ack; // partly acknowledged
        }
    } else {
        ackUnordered(list, ack, matched, sentNs);
    }
    if (list.empty())
        list.ordered = true;
    if (matched && timeNs != sentNs) {
        verdict.hasRtt = true;
        verdict.rttNs = saturatingSub(timeNs, sentNs);
    }
}

void TcpConnectionTracker::ackUnordered(Segments &list, std::uint32_t ack, bool &matched, std::int64_t &sentNs)
{
    std::size_t kept = 0;
    for (std::size_t i = list.head; i < list.items.size(); ++i) {
        Unacked u = list.items[i];
        if (u.nextseq == ack) {
            if (!matched) {
                matched = true;
                sentNs = u.timeNs;
            }
            continue;
        }
        if (gtSeq(ack, u.seq) && leSeq(ack, u.nextseq))
            u.seq = ack;
        else if (!gtSeq(u.nextseq, ack))
            continue; // old: acknowledged before
        list.items[kept++] = u;
    }
    list.items.resize(kept);
    list.head = 0;
    // Retransmissions may have been the only disorder; check again once they are gone.
    list.ordered = true;
    for (std::size_t i = 1; i < list.items.size() && list.ordered; ++i)
        list.ordered =
            geSeq(list.items[i].seq, list.items[i - 1].seq) && geSeq(list.items[i].nextseq, list.items[i - 1].nextseq);
}

std::uint32_t TcpConnectionTracker::bytesInFlight(const Direction &d)
{
    const Segments &list = d.segments;
    if (list.ordered)
        return list.back().nextseq - list.front().seq;
    std::uint32_t first = list.front().seq - d.baseSeq;
    std::uint32_t last = list.front().nextseq - d.baseSeq;
    for (std::size_t i = list.head; i < list.items.size(); ++i) {
        first = std::min(first, list.items[i].seq - d.baseSeq);
        last = std::max(last, list.items[i].nextseq - d.baseSeq);
    }
    return last - first;
}

std::uint32_t TcpConnectionTracker::sackedBytes(const DecodedTcp &tcp)
{
    // Wireshark keeps at most three blocks of an option (of up to four).
    std::uint32_t sum = 0;
    for (int i = 0; i < std::min(tcp.sackBlocks, 3); ++i)
        sum += tcp.sack[std::size_t(2 * i + 1)] - tcp.sack[std::size_t(2 * i)];
    return sum;
}

} // namespace tcptune
