#pragma once
// The root qdisc of a device, read and set over rtnetlink (RTM_GETQDISC, RTM_NEWQDISC with
// NLM_F_CREATE | NLM_F_REPLACE as `tc qdisc replace ... root` does, RTM_DELQDISC to give the
// device back the kernel's own default) in the calling thread's network namespace: call it
// inside netns::runIn for a lab device. Which kinds the kernel has is found by asking it: each
// kind is tried on the loopback device of a namespace made for that and gone right after.
// Reading needs no privilege; setting and probing need CAP_NET_ADMIN and CAP_SYS_ADMIN (the
// helper).

#include "common/error.h"
#include "knobs/qdisc_setting.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tcptune {

class RootQdisc final {
    Q_DECLARE_TR_FUNCTIONS(RootQdisc)
public:
    [[nodiscard]] static Result<QdiscSetting> read(const QString &device);
    // Replaces the root qdisc of DEVICE with SETTING; a kernelDefault setting deletes the root
    // qdisc set by hand, so the kernel attaches its default again.
    [[nodiscard]] static Result<void> set(const QString &device, const QdiscSetting &setting);

    // The kinds of QdiscSettings::supportedKinds() this kernel has (loading their modules where
    // it can); fails when it cannot be asked (no privilege to make a namespace).
    [[nodiscard]] static Result<QStringList> availableKinds();
    // Refuses KIND when this kernel does not have it: "This kernel has no fq_codel qdisc (module
    // sch_fq_codel); available: pfifo, bfifo, pfifo_fast, tbf."
    [[nodiscard]] static Result<void> checkAvailable(const QString &kind);

    // The setting an RTM_NEWQDISC message (netlink header included) describes.
    [[nodiscard]] static Result<QdiscSetting> fromMessage(QByteArrayView message);
};

} // namespace tcptune
