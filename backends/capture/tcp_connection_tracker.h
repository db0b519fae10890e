#pragma once
// TcpConnectionTracker: the sequence analysis of one TCP connection, modelled on what Wireshark
// does per conversation (tcp.analysis.*): which segments are retransmissions, which ACK gives
// an RTT sample (the first ACK whose number equals the end of an unacknowledged segment), and
// how many bytes are in flight. Memory: the unacknowledged segments, capped as Wireshark caps them.

#include "capture/packet_decoder.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tcptune {

// What the analysis says about one segment.
struct SegmentVerdict {
    bool retransmission = false; // incl. fast and spurious retransmissions
    bool hasRtt = false;         // this segment ACKed data of the other side
    std::int64_t rttNs = 0;      // never 0 when hasRtt (Wireshark leaves zero RTTs out)
    bool hasBytesInFlight = false;
    std::uint32_t bytesInFlight = 0; // of this segment's sender
    // The marks the time-sequence graph draws, as tcp.analysis.duplicate_ack, .zero_window and
    // .window_full.
    bool dupAck = false;
    bool zeroWindow = false;
    bool windowFull = false;
};

class TcpConnectionTracker final {
public:
    // DIR: 0 for the side that sent the connection's first packet, 1 for the other.
    SegmentVerdict onSegment(int dir, const DecodedTcp &tcp, std::int64_t timeNs);

    // Wireshark starts a new conversation when a SYN arrives whose sequence number differs
    // from the one this side started with (ports reused).
    bool isNewConnection(int dir, const DecodedTcp &tcp) const;

    // The shift to apply to DIR's window field (0 unless both SYNs carried the WS option).
    int windowShift(int dir) const;

    // SEQ as tshark shows it: relative to DIR's initial sequence number (0 before any is known).
    std::uint32_t relativeSeq(int dir, std::uint32_t seq) const { return seq - m_dir[dir].baseSeq; }

    // Bytes this tracker holds on the heap (unacknowledged segments), for memory accounting.
    std::size_t heapBytes() const;

private:
    struct Unacked {
        std::uint32_t seq;
        std::uint32_t nextseq;
        std::int64_t timeNs;
    };
    // Unacknowledged segments, oldest first: a vector consumed from HEAD (cheaper than a deque,
    // which allocates even when empty). While ordered (each one starts and ends at or after the
    // one before), ACK handling and bytes in flight only touch the ends.
    struct Segments {
        std::vector<Unacked> items;
        std::size_t head = 0;
        bool ordered = true;

        bool empty() const { return head == items.size(); }
        std::size_t size() const { return items.size() - head; }
        Unacked &front() { return items[head]; }
        const Unacked &front() const { return items[head]; }
        const Unacked &back() const { return items.back(); }
        void popFront();
    };
    struct Direction {
        bool baseSeqSet = false;
        std::uint32_t baseSeq = 0;
        std::uint32_t nextseq = 0; // 0 means "not known yet", as in Wireshark
        std::int64_t nextseqTimeNs = 0;
        std::uint32_t maxseqtobeacked = 0;
        std::uint32_t lastack = 0;
        std::int64_t lastackTimeNs = 0;
        std::uint32_t window = 0xffffffffu;
        int dupacks = 0;
        unsigned lastSegmentFlags = 0;
        bool validBif = true;
        int synWindowScale = -1; // -1 no SYN seen, -2 SYN without the option
        // The bytes the SACK option of this side's latest segment covered (its first three
        // blocks, as Wireshark keeps them); the other side's bytes in flight leave them out.
        std::uint32_t sackedBytes = 0;
        Segments segments;
    };
    struct Segment; // the fields of one segment the checks look at

    void setBaseSequences(Direction &fwd, Direction &rev, const Segment &s);
    unsigned windowFindings(Direction &fwd, Direction &rev, const Segment &s);
    void lostAckFindings(Direction &rev, const Segment &s);
    unsigned retransmissionFindings(const Direction &fwd, const Direction &rev, const Segment &s) const;
    void remember(Direction &fwd, const Segment &s, unsigned found);
    void handshake(Direction &fwd, const DecodedTcp &tcp, std::int64_t timeNs);
    void ackSegments(Direction &rev, std::uint32_t ack, std::int64_t timeNs, SegmentVerdict &verdict);
    static void ackUnordered(Segments &list, std::uint32_t ack, bool &matched, std::int64_t &sentNs);
    static std::uint32_t bytesInFlight(const Direction &d);
    static std::uint32_t sackedBytes(const DecodedTcp &tcp);

    Direction m_dir[2];
    std::int64_t m_lastSynNs = 0;  // most recent SYN (without ACK); 0 = none
    std::int64_t m_firstRttNs = 0; // SYN to the first pure ACK; 0 = not known
};

} // namespace tcptune
