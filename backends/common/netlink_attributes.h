#pragma once
// Reading rtnetlink answers without trusting their layout: a value copied out of a byte range
// (never a cast into the buffer, which may be unaligned), and the attributes of a message part
// walked with their lengths checked against the bytes received.

#include <QByteArrayView>

#include <cstring>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

namespace tcptune::netlink {

template <typename T> T readAt(QByteArrayView bytes, qsizetype offset)
{
    T value{};
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
}

// Calls FN(type, payload) for each attribute in BYTES; stops at the first malformed one.
template <typename Fn> void forEachAttribute(QByteArrayView bytes, Fn fn)
{
    qsizetype offset = 0;
    while (offset + qsizetype(sizeof(rtattr)) <= bytes.size()) {
        const auto attr = readAt<rtattr>(bytes, offset);
        if (attr.rta_len < sizeof(rtattr) || offset + attr.rta_len > bytes.size())
            return;
        fn(attr.rta_type, bytes.sliced(offset + RTA_LENGTH(0), attr.rta_len - RTA_LENGTH(0)));
        offset += RTA_ALIGN(attr.rta_len);
    }
}

// The first whole message in BYTES (what one recv() returned) whose sequence number is SEQUENCE,
// its length checked; empty when there is none (answers to earlier requests are passed over).
inline QByteArrayView messageWithSequence(QByteArrayView bytes, quint32 sequence)
{
    qsizetype offset = 0;
    while (offset + qsizetype(sizeof(nlmsghdr)) <= bytes.size()) {
        const auto header = readAt<nlmsghdr>(bytes, offset);
        if (header.nlmsg_len < sizeof(nlmsghdr) || offset + header.nlmsg_len > bytes.size())
            return {};
        if (header.nlmsg_seq == sequence)
            return bytes.sliced(offset, header.nlmsg_len);
        offset += NLMSG_ALIGN(header.nlmsg_len);
    }
    return {};
}

} // namespace tcptune::netlink
