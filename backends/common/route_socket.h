#pragma once
// A route netlink socket (NETLINK_ROUTE) in the calling thread's network namespace, for the
// small requests tcptune makes itself: one request, one answer found by its sequence number,
// within a second. The kernel's own reason comes back with a refusal (extended ACKs, without
// the request echoed). Used for link sizes (gso_max_size) and root qdiscs.

#include "common/error.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <functional>

namespace tcptune {

class RouteSocket final {
    Q_DECLARE_TR_FUNCTIONS(RouteSocket)
public:
    RouteSocket();
    ~RouteSocket();
    RouteSocket(const RouteSocket &) = delete;
    RouteSocket &operator=(const RouteSocket &) = delete;

    // Fails with the reason when the socket could not be made.
    [[nodiscard]] Result<void> opened() const;

    using AnswerHandler = std::function<Result<void>(std::uint16_t type, QByteArrayView message)>;
    // Sends REQUEST (a whole netlink message) and hands the answer carrying its sequence
    // number to ON_ANSWER; answers to earlier requests are passed over.
    [[nodiscard]] Result<void> exchange(QByteArrayView request, const AnswerHandler &onAnswer) const;

    // The kernel's extended-ACK message of an error answer (NLMSGERR_ATTR_MSG), if it gave one.
    static QString extackMessage(QByteArrayView message);
    // The error code of an NLMSG_ERROR answer (0: an acknowledgement), or nullopt-like -1000
    // when the answer is too short to hold one.
    static int errorCode(QByteArrayView message);
    // An NLMSG_ERROR answer to a change of WHAT as a result: success for an acknowledgement,
    // else "The kernel refused the change of WHAT: REASON."
    [[nodiscard]] static Result<void> acknowledgement(const QString &what, QByteArrayView message);

private:
    int m_fd = -1;
    int m_errno = 0;
};

} // namespace tcptune
