#pragma once
// CaptureFileReader: reads the records of a pcap or pcapng file one at a time, through a fixed
// buffer (memory does not grow with the file), from a file or from bytes in memory (the fuzz
// target). It follows Wireshark's reader (wiretap) in what it accepts: a record it refuses stops
// the reading there, and error() says which record, at which byte offset, and why, so the
// caller can report the packets before it as a partial result.

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace tcptune {

struct CaptureRecord {
    std::int64_t number = 0;  // 1 for the first packet record
    std::int64_t offset = 0;  // byte offset of the record (pcapng: its block) in the file
    std::int64_t timeNs = 0;  // since the epoch; clamped when the file's value does not fit
    bool timeClamped = false; // the file's time lies beyond +-292 years of the epoch
    int linkType = 0;         // libpcap's DLT_ value of the record's interface
    const std::uint8_t *data = nullptr;
    std::uint32_t caplen = 0;     // bytes at DATA
    std::uint32_t wireLength = 0; // length on the wire as the file says (may be below caplen)
};

// Why reading stopped before the end of the file.
struct CaptureReadError {
    enum class Kind {
        None,
        CutShort, // the file ends inside a record
        Damaged,  // a record or block Wireshark refuses (impossible length, unknown interface, ...)
        IoError,  // the operating system failed to read
    } kind = Kind::None;
    std::int64_t record = 0; // number the bad record would have had
    std::int64_t offset = 0; // its byte offset
    QString detail;          // what is wrong, in English (as wiretap says it); for the message
};

// Why a file could not be opened as a capture.
struct CaptureOpenError {
    enum class Kind { System, NotACapture, CutShort } kind = Kind::System;
    QString detail;
};

class CaptureFileReader final {
    Q_DECLARE_TR_FUNCTIONS(CaptureFileReader)

public:
    enum class Format { Pcap, PcapNg };
    enum class Next { Record, End, Error };

    ~CaptureFileReader();
    CaptureFileReader(CaptureFileReader &&) noexcept;
    CaptureFileReader &operator=(CaptureFileReader &&) noexcept;

    // Opens PATH and reads its file header; nullptr and ERROR on failure.
    static std::unique_ptr<CaptureFileReader> open(const QString &path, CaptureOpenError &error);
    // The same over BYTES, which must outlive the reader.
    static std::unique_ptr<CaptureFileReader> fromBytes(std::span<const std::uint8_t> bytes, CaptureOpenError &error);

    // The next packet record. Its data stays valid until the next call.
    Next next(CaptureRecord &record);
    const CaptureReadError &error() const { return m_error; }

    Format format() const { return m_format; }
    // DLT_ of the file (pcap) or of the first interface (pcapng; -1 before one is known).
    int firstLinkType() const { return m_firstLinkType; }
    std::int64_t position() const { return m_consumed; } // bytes of the file consumed so far
    std::int64_t size() const { return m_size; }         // file size (-1 when unknown)

private:
    CaptureFileReader();
    struct Interface {
        int linkType = 0;
        std::uint32_t snaplen = 0;
        std::uint64_t unitsPerSecond = 1000000;
        std::int64_t offsetSeconds = 0;
    };

    bool readHeader(CaptureOpenError &error);
    bool pcapHeader(const std::uint8_t *h, CaptureOpenError &error);
    Next nextPcap(CaptureRecord &record);
    Next nextPcapNg(CaptureRecord &record);
    Next pcapNgBlock(std::uint32_t type, const std::uint8_t *body, std::uint32_t length, CaptureRecord &record);
    Next packetBlock(std::uint32_t type, const std::uint8_t *body, std::uint32_t length, CaptureRecord &record);
    bool sectionHeader(const std::uint8_t *block, std::uint32_t length);
    bool interfaceBlock(const std::uint8_t *body, std::uint32_t length);
    Next fail(CaptureReadError::Kind kind, QString detail);

    // Makes N bytes from the read position available; false at the end of the input (AVAILABLE
    // then says how many there are).
    bool ensure(std::size_t n);
    std::size_t available() const { return m_end - m_pos; }
    std::uint16_t u16(const std::uint8_t *p) const;
    std::uint32_t u32(const std::uint8_t *p) const;
    std::uint64_t u64(const std::uint8_t *p) const;
    std::int64_t toNs(std::uint64_t ticks, const Interface &iface, bool &clamped) const;

    int m_fd = -1;
    std::vector<std::uint8_t> m_buffer;
    const std::uint8_t *m_pos = nullptr;
    const std::uint8_t *m_end = nullptr;
    bool m_eof = false;
    std::int64_t m_consumed = 0; // file offset of m_pos
    std::int64_t m_size = -1;

    Format m_format = Format::Pcap;
    bool m_swapped = false;
    bool m_nanoseconds = false;
    std::size_t m_recordHeader = 16; // 24 for the "modified" (Kuznetzov) pcap format
    int m_firstLinkType = -1;
    std::uint32_t m_snaplen = 0;
    std::vector<Interface> m_interfaces;
    std::int64_t m_records = 0;
    CaptureReadError m_error;
};

} // namespace tcptune
