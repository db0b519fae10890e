#include "capture/tcp_connection_tracker.h"

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
};

// Wireshark stops remembering segments when this many are unacknowledged (ACKs not captured).
constexpr std::size_t kMaxUnacked = 10000;

} // namespace

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

SegmentVerdict TcpConnectionTracker::onSegment(int dir, const DecodedTcp &tcp, std::int64_t timeNs)
{
    Direction &fwd = m_dir[dir];
    Direction &rev = m_dir[1 - dir];
    const std::uint32_t seq = tcp.seq;
    const std::uint32_t ack = tcp.ack;
    const std::uint32_t seglen = tcp.segmentLength;
    const std::uint16_t flags = tcp.flags;
    const std::uint32_t window = tcp.window;
    const bool synFinRst = flags & (tcpflag::Syn | tcpflag::Fin | tcpflag::Rst);
    SegmentVerdict verdict;
    unsigned found = 0;

    if (!fwd.baseSeqSet) {
        fwd.baseSeq = (flags & tcpflag::Syn) ? seq : seq - 1;
        fwd.baseSeqSet = true;
    }
    if (!rev.baseSeqSet && (flags & tcpflag::Ack)) {
        rev.baseSeq = ack - 1;
        rev.baseSeqSet = true;
    }
    if (flags & tcpflag::Ack)
        rev.validBif = true;

    // Wireshark jumps over the window and duplicate-ACK checks for these; the retransmission
    // checks below still run.
    bool skipWindowChecks = false;
    // Zero window probe: one byte at the expected place into a closed window.
    if (seglen == 1 && seq == fwd.nextseq && rev.window == 0) {
        found |= kZeroWindowProbe;
        skipWindowChecks = true;
    }
    if (!skipWindowChecks) {
        // A segment beyond what we expected: something before it was not captured.
        if (fwd.nextseq && gtSeq(seq, fwd.nextseq) && !(flags & tcpflag::Rst))
            fwd.validBif = false;
        if ((seglen == 0 || seglen == 1) && seq == fwd.nextseq - 1 && !synFinRst)
            found |= kKeepAlive;
        // Keep-alive ACK and zero-window-probe ACK end the checks early in Wireshark.
        const bool repeatsAck =
            seglen == 0 && window == fwd.window && seq == fwd.nextseq && ack == fwd.lastack && !synFinRst;
        if (repeatsAck && window != 0 && (rev.lastSegmentFlags & kKeepAlive)) {
            skipWindowChecks = true;
        } else if (repeatsAck && window == 0 && (rev.lastSegmentFlags & kZeroWindowProbe)) {
            skipWindowChecks = true;
        } else if (repeatsAck && window != 0) {
            fwd.dupacks = fwd.dupacks == -1 ? 1 : fwd.dupacks + 1; // duplicate ACK
        }
    }

    if (ack != fwd.lastack)
        fwd.dupacks = 0;

    // An ACK for data of the other side we never saw.
    if (rev.maxseqtobeacked && gtSeq(ack, rev.maxseqtobeacked) && (flags & tcpflag::Ack)) {
        if (rev.maxseqtobeacked > rev.nextseq)
            rev.maxseqtobeacked = rev.nextseq;
        else
            rev.dupacks = -1;
    }

    if ((seglen > 0 || (flags & (tcpflag::Syn | tcpflag::Fin))) && !(found & kKeepAlive)) {
        bool seqNotAdvanced = fwd.nextseq && ltSeq(seq, fwd.nextseq);
        if (seglen > 1 && fwd.nextseq - 1 == seq)
            seqNotAdvanced = false;
        const std::int64_t sinceDupAck = timeNs - rev.lastackTimeNs;
        const std::int64_t sinceNextseq = timeNs - fwd.nextseqTimeNs;
        const std::int64_t outOfOrderThreshold = m_firstRttNs != 0 ? m_firstRttNs : 3000000;
        if (seglen > 0 && rev.lastack && leSeq(seq + seglen, rev.lastack)) {
            found |= kSpuriousRetransmission; // data the receiver had already acknowledged
        } else if (seqNotAdvanced && rev.dupacks >= 2 && rev.lastack == seq && sinceDupAck >= 0 &&
                   sinceDupAck < 20000000) {
            found |= kFastRetransmission;
        } else if (seqNotAdvanced && sinceNextseq >= 0 && sinceNextseq < outOfOrderThreshold &&
                   fwd.nextseq != seq + seglen + ((flags & (tcpflag::Syn | tcpflag::Fin)) ? 1 : 0)) {
            found |= kOutOfOrder;
        } else if (seqNotAdvanced) {
            found |= kRetransmission;
        }
    }

    // Remember the segment until it is ACKed.
    std::uint32_t nextseq = seq + seglen;
    if ((seglen || (flags & (tcpflag::Syn | tcpflag::Fin))) && fwd.segments.size() < kMaxUnacked) {
        if (flags & (tcpflag::Syn | tcpflag::Fin))
            nextseq += 1;
        if (!fwd.segments.empty()) {
            const Unacked &last = fwd.segments.back();
            if (ltSeq(seq, last.seq) || ltSeq(nextseq, last.nextseq))
                fwd.ordered = false;
        }
        fwd.segments.push_back({seq, nextseq, timeNs});
    }
    if (gtSeq(nextseq, fwd.nextseq) || !fwd.nextseq) {
        if (!(found & kZeroWindowProbe)) {
            fwd.nextseq = nextseq;
            fwd.nextseqTimeNs = timeNs;
        }
    }
    if (seq == fwd.maxseqtobeacked || !fwd.maxseqtobeacked) {
        if (!(found & kZeroWindowProbe))
            fwd.maxseqtobeacked = fwd.nextseq;
    }
    fwd.window = window;
    fwd.lastack = ack;
    fwd.lastackTimeNs = timeNs;
    fwd.lastSegmentFlags = found;

    ackSegments(rev, ack, timeNs, verdict);

    if (seglen != 0 && !fwd.segments.empty() && fwd.validBif) {
        const std::uint32_t inFlight = bytesInFlight(fwd);
        if (inFlight > 0 && inFlight < 2000000000u) {
            verdict.hasBytesInFlight = true;
            verdict.bytesInFlight = inFlight;
        }
    }

    // Handshake bookkeeping Wireshark does after the sequence analysis.
    if (flags & tcpflag::Syn) {
        fwd.synWindowScale = tcp.windowScale >= 0 ? tcp.windowScale : -2;
        if (!(flags & tcpflag::Ack))
            m_lastSynNs = timeNs;
    }
    if ((flags & (tcpflag::Syn | tcpflag::Ack)) == tcpflag::Ack && m_lastSynNs != 0 && m_firstRttNs == 0)
        m_firstRttNs = timeNs - m_lastSynNs;

    verdict.retransmission = found & (kRetransmission | kFastRetransmission | kSpuriousRetransmission);
    return verdict;
}

// Removes what ACK covers from REV's unacknowledged segments. The RTT sample is the time since
// the oldest segment that ends exactly at ACK (a partial or cumulative ACK gives none).
void TcpConnectionTracker::ackSegments(Direction &rev, std::uint32_t ack, std::int64_t timeNs, SegmentVerdict &verdict)
{
    auto &list = rev.segments;
    bool matched = false;
    std::int64_t sentNs = 0;
    if (rev.ordered) {
        while (!list.empty() && leSeq(list.front().nextseq, ack)) {
            if (!matched && list.front().nextseq == ack) {
                matched = true;
                sentNs = list.front().timeNs;
            }
            list.pop_front();
        }
        for (Unacked &u : list) {
            if (!gtSeq(ack, u.seq))
                break;
            u.seq = ack; // partly acknowledged
        }
    } else {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            Unacked u = list[i];
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
            list[kept++] = u;
        }
        list.resize(kept);
        // Retransmissions may have been the only disorder; check again once they are gone.
        rev.ordered = true;
        for (std::size_t i = 1; i < list.size() && rev.ordered; ++i)
            rev.ordered = geSeq(list[i].seq, list[i - 1].seq) && geSeq(list[i].nextseq, list[i - 1].nextseq);
    }
    if (list.empty())
        rev.ordered = true;
    if (matched && timeNs != sentNs) {
        verdict.hasRtt = true;
        verdict.rttNs = timeNs - sentNs;
    }
}

std::uint32_t TcpConnectionTracker::bytesInFlight(const Direction &d)
{
    if (d.ordered)
        return d.segments.back().nextseq - d.segments.front().seq;
    std::uint32_t first = d.segments.front().seq - d.baseSeq;
    std::uint32_t last = d.segments.front().nextseq - d.baseSeq;
    for (const Unacked &u : d.segments) {
        first = std::min(first, u.seq - d.baseSeq);
        last = std::max(last, u.nextseq - d.baseSeq);
    }
    return last - first;
}

} // namespace tcptune
