#include "capture/capture_file_reader.h"

#include <QCoreApplication>
#include <QFile>

#include <pcap/dlt.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

// What Wireshark accepts as the captured length of one packet (WTAP_MAX_PACKET_SIZE_STANDARD).
constexpr std::uint32_t kMaxPacket = 262144;
constexpr std::size_t kBufferSize = 1 << 20;
constexpr std::size_t kMaxInterfaces = 65536;
__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;
constexpr std::uint32_t kShb = 0x0A0D0D0A;
constexpr std::uint32_t kIdb = 1;
constexpr std::uint32_t kOpb = 2; // obsolete packet block
constexpr std::uint32_t kSpb = 3;
constexpr std::uint32_t kEpb = 6;

// pcap files hold LINKTYPE_ values; the decoder speaks libpcap's DLT_. They differ for raw IP.
int dltOf(std::uint32_t linkType)
{
    switch (linkType) {
    case 101:
    case 12:
    case 14: return DLT_RAW;
    default: return int(linkType & 0x03FFFFFF);
    }
}

std::uint32_t roundUp4(std::uint32_t n)
{
    return n > 0xFFFFFFFCu ? 0xFFFFFFFCu : (n + 3) & ~3u;
}

} // namespace

CaptureFileReader::CaptureFileReader() = default;
CaptureFileReader::CaptureFileReader(CaptureFileReader &&) noexcept = default;
CaptureFileReader &CaptureFileReader::operator=(CaptureFileReader &&) noexcept = default;

CaptureFileReader::~CaptureFileReader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::unique_ptr<CaptureFileReader> CaptureFileReader::open(const QString &path, CaptureOpenError &error)
{
    std::unique_ptr<CaptureFileReader> r(new CaptureFileReader);
    r->m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (r->m_fd < 0) {
        error = {CaptureOpenError::Kind::System, QString::fromLocal8Bit(std::strerror(errno))};
        return nullptr;
    }
    struct stat st {};
    if (::fstat(r->m_fd, &st) == 0)
        r->m_size = st.st_size;
    ::posix_fadvise(r->m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    r->m_buffer.resize(kBufferSize);
    r->m_pos = r->m_end = r->m_buffer.data();
    if (!r->readHeader(error))
        return nullptr;
    return r;
}

std::unique_ptr<CaptureFileReader> CaptureFileReader::fromBytes(std::span<const std::uint8_t> bytes,
                                                                CaptureOpenError &error)
{
    std::unique_ptr<CaptureFileReader> r(new CaptureFileReader);
    r->m_pos = bytes.data();
    r->m_end = bytes.data() + bytes.size();
    r->m_eof = true;
    r->m_size = std::int64_t(bytes.size());
    if (!r->readHeader(error))
        return nullptr;
    return r;
}

bool CaptureFileReader::ensure(std::size_t n)
{
    if (available() >= n)
        return true;
    if (m_eof)
        return false;
    // Move what is left to the front, grow for a large record, then fill.
    const std::size_t left = available();
    if (m_buffer.size() < n)
        m_buffer.resize(std::max(n, m_buffer.size()));
    std::memmove(m_buffer.data(), m_pos, left);
    m_pos = m_buffer.data();
    m_end = m_pos + left;
    while (available() < n && !m_eof) {
        const std::size_t room = m_buffer.size() - available();
        const ssize_t got = ::read(m_fd, m_buffer.data() + available(), room);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            m_error = {CaptureReadError::Kind::IoError, m_records + 1, m_consumed,
                       QString::fromLocal8Bit(std::strerror(errno))};
            m_eof = true;
            return false;
        }
        if (got == 0)
            m_eof = true;
        m_end += got;
    }
    return available() >= n;
}

std::uint16_t CaptureFileReader::u16(const std::uint8_t *p) const
{
    return m_swapped ? std::uint16_t((p[0] << 8) | p[1]) : std::uint16_t(p[0] | (p[1] << 8));
}

std::uint32_t CaptureFileReader::u32(const std::uint8_t *p) const
{
    return m_swapped ? (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3]
                     : std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) |
                           (std::uint32_t(p[3]) << 24);
}

std::uint64_t CaptureFileReader::u64(const std::uint8_t *p) const
{
    const std::uint64_t a = u32(p);
    const std::uint64_t b = u32(p + 4);
    return m_swapped ? (a << 32) | b : (b << 32) | a;
}

bool CaptureFileReader::readHeader(CaptureOpenError &error)
{
    ensure(24);
    if (m_error.kind == CaptureReadError::Kind::IoError) {
        error = {CaptureOpenError::Kind::System, m_error.detail};
        return false;
    }
    if (available() < 4) {
        error = {CaptureOpenError::Kind::NotACapture, tr("it is too short")};
        return false;
    }
    std::uint32_t magic = 0;
    std::memcpy(&magic, m_pos, 4);
    if (magic == kShb) {
        m_format = Format::PcapNg;
        if (!ensure(16)) {
            error = {CaptureOpenError::Kind::CutShort, tr("the file ends inside its section header")};
            return false;
        }
        if (!sectionHeader(m_pos, 0)) {
            error = {CaptureOpenError::Kind::NotACapture, tr("its section header is not one of pcapng")};
            return false;
        }
        return true; // blocks are read by next()
    }
    if (!pcapHeader(m_pos, error))
        return false;
    return true;
}

bool CaptureFileReader::pcapHeader(const std::uint8_t *h, CaptureOpenError &error)
{
    const std::uint32_t le =
        std::uint32_t(h[0]) | (std::uint32_t(h[1]) << 8) | (std::uint32_t(h[2]) << 16) | (std::uint32_t(h[3]) << 24);
    const std::uint32_t be =
        (std::uint32_t(h[0]) << 24) | (std::uint32_t(h[1]) << 16) | (std::uint32_t(h[2]) << 8) | h[3];
    for (const bool swapped : {false, true}) {
        const std::uint32_t m = swapped ? be : le;
        if (m != 0xA1B2C3D4 && m != 0xA1B23C4D && m != 0xA1B2CD34)
            continue;
        if (available() < 24) {
            error = {CaptureOpenError::Kind::CutShort, tr("the file ends inside its file header")};
            return false;
        }
        m_swapped = swapped;
        m_nanoseconds = m == 0xA1B23C4D;
        m_recordHeader = m == 0xA1B2CD34 ? 24 : 16;
        if (u16(h + 4) < 2) {
            error = {CaptureOpenError::Kind::NotACapture, tr("pcap version %1 is unknown").arg(u16(h + 4))};
            return false;
        }
        m_snaplen = u32(h + 16);
        m_firstLinkType = dltOf(u32(h + 20));
        m_pos += 24;
        m_consumed += 24;
        return true;
    }
    error = {CaptureOpenError::Kind::NotACapture, tr("unknown file format")};
    return false;
}

CaptureFileReader::Next CaptureFileReader::fail(CaptureReadError::Kind kind, QString detail)
{
    if (m_error.kind == CaptureReadError::Kind::None)
        m_error = {kind, m_records + 1, m_consumed, std::move(detail)};
    return Next::Error;
}

CaptureFileReader::Next CaptureFileReader::next(CaptureRecord &record)
{
    if (m_error.kind != CaptureReadError::Kind::None)
        return Next::Error;
    return m_format == Format::Pcap ? nextPcap(record) : nextPcapNg(record);
}

CaptureFileReader::Next CaptureFileReader::nextPcap(CaptureRecord &record)
{
    if (!ensure(m_recordHeader)) {
        if (m_error.kind == CaptureReadError::Kind::IoError)
            return Next::Error;
        if (available() == 0)
            return Next::End;
        return fail(CaptureReadError::Kind::CutShort, tr("the file ends inside the record's header"));
    }
    const std::uint8_t *h = m_pos;
    const std::uint32_t caplen = u32(h + 8);
    if (caplen > kMaxPacket)
        return fail(CaptureReadError::Kind::Damaged,
                    tr("the record says it holds %1 captured bytes, more than the %2 a packet can have")
                        .arg(caplen)
                        .arg(kMaxPacket));
    if (!ensure(m_recordHeader + caplen)) {
        if (m_error.kind == CaptureReadError::Kind::IoError)
            return Next::Error;
        return fail(CaptureReadError::Kind::CutShort, tr("the file ends inside the record's data"));
    }
    h = m_pos;
    record.number = ++m_records;
    record.offset = m_consumed;
    const std::int64_t sec = u32(h);
    const std::int64_t frac = u32(h + 4);
    record.timeNs = sec * 1000000000 + frac * (m_nanoseconds ? 1 : 1000);
    record.timeClamped = false;
    record.linkType = m_firstLinkType;
    record.caplen = caplen;
    record.wireLength = u32(h + 12);
    record.data = h + m_recordHeader;
    m_pos += m_recordHeader + caplen;
    m_consumed += std::int64_t(m_recordHeader + caplen);
    return Next::Record;
}

// The section header block at P (8 bytes of block header, byte-order magic, version): sets the
// byte order and forgets the interfaces of the previous section.
bool CaptureFileReader::sectionHeader(const std::uint8_t *p, std::uint32_t)
{
    if (p[8] == 0x4D && p[9] == 0x3C && p[10] == 0x2B && p[11] == 0x1A)
        m_swapped = false;
    else if (p[8] == 0x1A && p[9] == 0x2B && p[10] == 0x3C && p[11] == 0x4D)
        m_swapped = true;
    else
        return false;
    if (u16(p + 12) != 1)
        return false;
    m_interfaces.clear();
    return true;
}

CaptureFileReader::Next CaptureFileReader::nextPcapNg(CaptureRecord &record)
{
    for (;;) {
        if (!ensure(12)) {
            if (m_error.kind == CaptureReadError::Kind::IoError)
                return Next::Error;
            if (available() == 0)
                return Next::End;
            return fail(CaptureReadError::Kind::CutShort, tr("the file ends inside a block's header"));
        }
        std::uint32_t type = 0;
        std::memcpy(&type, m_pos, 4);
        if (type == kShb) {
            if (!ensure(16) || !sectionHeader(m_pos, 0))
                return fail(CaptureReadError::Kind::Damaged, tr("a section header block is not valid"));
        } else {
            type = u32(m_pos);
        }
        const std::uint32_t length = roundUp4(u32(m_pos + 4));
        if (length < 12)
            return fail(CaptureReadError::Kind::Damaged, tr("a block claims a length of %1 bytes").arg(length));
        const bool packet = type == kEpb || type == kSpb || type == kOpb;
        const std::uint32_t maxLength = packet ? kMaxPacket + 4096 : std::uint32_t(16 << 20);
        if (length > maxLength)
            return fail(CaptureReadError::Kind::Damaged,
                        tr("a block claims a length of %1 bytes, more than %2").arg(length).arg(maxLength));
        if (!ensure(length)) {
            if (m_error.kind == CaptureReadError::Kind::IoError)
                return Next::Error;
            return fail(CaptureReadError::Kind::CutShort, tr("the file ends inside a block"));
        }
        if (u32(m_pos + length - 4) != u32(m_pos + 4) && roundUp4(u32(m_pos + length - 4)) != length)
            return fail(CaptureReadError::Kind::Damaged, tr("a block's two length fields differ"));
        const Next n = pcapNgBlock(type, m_pos + 8, length - 12, record);
        if (n == Next::Error)
            return n;
        m_pos += length;
        m_consumed += length;
        if (n == Next::Record)
            return n;
    }
}

// One block's BODY (between the length fields). Record for a packet, End for a block that holds
// none (the caller goes on), Error for a damaged one.
CaptureFileReader::Next CaptureFileReader::pcapNgBlock(std::uint32_t type, const std::uint8_t *body,
                                                       std::uint32_t length, CaptureRecord &record)
{
    switch (type) {
    case kShb: return Next::End;
    case kIdb:
        if (!interfaceBlock(body, length))
            return fail(CaptureReadError::Kind::Damaged, tr("an interface description block is too short"));
        return Next::End;
    case kEpb:
    case kSpb:
    case kOpb: return packetBlock(type, body, length, record);
    default: return Next::End; // statistics, name resolution, custom blocks: nothing to count
    }
}

bool CaptureFileReader::interfaceBlock(const std::uint8_t *body, std::uint32_t length)
{
    if (length < 8)
        return false;
    Interface iface;
    iface.linkType = dltOf(u16(body));
    iface.snaplen = u32(body + 4);
    for (std::uint32_t at = 8; at + 4 <= length;) {
        const std::uint16_t code = u16(body + at);
        const std::uint16_t size = u16(body + at + 2);
        if (code == 0 || at + 4 + size > length)
            break;
        const std::uint8_t *value = body + at + 4;
        if (code == 9 && size >= 1) {
            // if_tsresol: a power of ten, or of two with the top bit set.
            const int exponent = value[0] & 0x7f;
            if (value[0] & 0x80) {
                iface.unitsPerSecond = std::uint64_t(1) << std::min(exponent, 63);
            } else {
                iface.unitsPerSecond = 1;
                for (int i = 0; i < std::min(exponent, 19); ++i)
                    iface.unitsPerSecond *= 10;
            }
        } else if (code == 14 && size >= 8) {
            iface.offsetSeconds = std::int64_t(u64(value));
        }
        at += 4 + ((size + 3u) & ~3u);
    }
    if (m_firstLinkType < 0)
        m_firstLinkType = iface.linkType;
    if (m_interfaces.size() >= kMaxInterfaces)
        return false;
    m_interfaces.push_back(iface);
    return true;
}

CaptureFileReader::Next CaptureFileReader::packetBlock(std::uint32_t type, const std::uint8_t *body,
                                                       std::uint32_t length, CaptureRecord &record)
{
    std::uint32_t interface = 0;
    std::uint64_t ticks = 0;
    std::uint32_t caplen = 0;
    std::uint32_t wire = 0;
    std::uint32_t fixed = 20;
    if (type == kSpb) {
        fixed = 4;
        if (length < fixed)
            return fail(CaptureReadError::Kind::Damaged, tr("a simple packet block is too short"));
        wire = u32(body);
        caplen = std::min(wire, length - fixed);
        if (!m_interfaces.empty() && m_interfaces.front().snaplen != 0)
            caplen = std::min(caplen, m_interfaces.front().snaplen);
    } else {
        if (length < fixed)
            return fail(CaptureReadError::Kind::Damaged,
                        tr("a packet block of %1 bytes is shorter than the smallest possible").arg(length + 12));
        interface = type == kOpb ? u16(body) : u32(body);
        ticks = (std::uint64_t(u32(body + 4)) << 32) | u32(body + 8);
        caplen = u32(body + 12);
        wire = u32(body + 16);
    }
    if (interface >= m_interfaces.size())
        return fail(CaptureReadError::Kind::Damaged,
                    tr("a packet names interface %1, but the section describes %2 interface(s)")
                        .arg(interface)
                        .arg(m_interfaces.size()));
    if (caplen > kMaxPacket)
        return fail(CaptureReadError::Kind::Damaged,
                    tr("a packet block says it holds %1 captured bytes, more than the %2 a packet can have")
                        .arg(caplen)
                        .arg(kMaxPacket));
    if (caplen > length - fixed)
        return fail(
            CaptureReadError::Kind::Damaged,
            tr("a packet block says it holds %1 captured bytes but has room for %2").arg(caplen).arg(length - fixed));
    const Interface &iface = m_interfaces[interface];
    record.number = ++m_records;
    record.offset = m_consumed;
    record.timeNs = type == kSpb ? 0 : toNs(ticks, iface, record.timeClamped);
    if (type == kSpb)
        record.timeClamped = false;
    record.linkType = iface.linkType;
    record.caplen = caplen;
    record.wireLength = wire;
    record.data = body + fixed;
    return Next::Record;
}

// Ticks of the interface's resolution plus its offset, as nanoseconds; 128-bit so that no
// value a file can hold overflows, clamped to what an int64 holds.
std::int64_t CaptureFileReader::toNs(std::uint64_t ticks, const Interface &iface, bool &clamped) const
{
    const std::uint64_t units = iface.unitsPerSecond;
    const Int128 whole = Int128(ticks / units) * 1000000000;
    const Int128 part = Int128(UInt128(ticks % units) * 1000000000u / units);
    const Int128 ns = whole + part + Int128(iface.offsetSeconds) * 1000000000;
    constexpr Int128 kMax = std::numeric_limits<std::int64_t>::max();
    clamped = ns > kMax || ns < -kMax;
    return std::int64_t(std::clamp<Int128>(ns, -kMax, kMax));
}

} // namespace tcptune
