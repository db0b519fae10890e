#pragma once
// One network device seen through the kernel's ethtool and interface ioctls (SIOCETHTOOL,
// SIOC[GS]IFTXQLEN, SIOC[GS]IFMTU) in the calling thread's network namespace: call it inside
// netns::runIn for a lab device. Reading needs no privilege; changing needs CAP_NET_ADMIN (the
// helper). It never runs or parses the ethtool program.

#include "common/error.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <cerrno>
#include <cstdint>
#include <optional>

namespace tcptune {

struct DeviceDriverInfo {
    QString driver;
    QString version;
    QString firmware;
    QString bus;
};

// One offload feature bit as ETHTOOL_GFEATURES reports it.
struct DeviceFeature {
    QString name;            // the kernel's name, e.g. "tx-generic-segmentation"
    bool changeable = false; // in the device's hw_features ("[fixed]" in ethtool -k when not)
    bool active = false;
};

struct DeviceCoalescing {
    std::uint32_t rxUsecs = 0;
    std::uint32_t rxFrames = 0;
    std::uint32_t txUsecs = 0;
    std::uint32_t txFrames = 0;
    bool adaptiveRx = false;
    bool adaptiveTx = false;
};

struct DeviceRings {
    std::uint32_t rxMax = 0;
    std::uint32_t rx = 0;
    std::uint32_t txMax = 0;
    std::uint32_t tx = 0;
};

struct DeviceChannels {
    std::uint32_t combinedMax = 0;
    std::uint32_t combined = 0;
};

class EthtoolDevice final {
    Q_DECLARE_TR_FUNCTIONS(EthtoolDevice)
public:
    // A control socket in the calling thread's namespace for device NAME (a checked name).
    [[nodiscard]] static Result<EthtoolDevice> open(const QString &name);
    ~EthtoolDevice();
    EthtoolDevice(EthtoolDevice &&other) noexcept;
    EthtoolDevice &operator=(EthtoolDevice &&) = delete;
    EthtoolDevice(const EthtoolDevice &) = delete;
    EthtoolDevice &operator=(const EthtoolDevice &) = delete;

    const QString &name() const { return m_name; }

    [[nodiscard]] Result<DeviceDriverInfo> driverInfo() const;
    // The driver's name, or "this device" when it does not say: for refusals.
    QString driverForMessages() const;

    [[nodiscard]] Result<QList<DeviceFeature>> features() const;
    // Switches the features named in NAMES (changeable ones) on or off.
    [[nodiscard]] Result<void> setFeatures(const QStringList &names, bool on) const;

    // Unsupported operations fail with errno EOPNOTSUPP: unsupported() tells them apart.
    [[nodiscard]] Result<DeviceCoalescing> coalescing() const;
    [[nodiscard]] Result<void> setCoalescing(const DeviceCoalescing &c) const;
    [[nodiscard]] Result<DeviceRings> rings() const;
    [[nodiscard]] Result<void> setRings(std::uint32_t rx, std::uint32_t tx) const;
    [[nodiscard]] Result<DeviceChannels> channels() const;
    [[nodiscard]] Result<void> setCombinedChannels(std::uint32_t count) const;

    // Link speed in Mbit/s and duplex ("full", "half"); nullopt when the device has none.
    struct Speed {
        std::optional<std::uint32_t> mbps;
        QString duplex;
    };
    [[nodiscard]] Result<Speed> speed() const;

    [[nodiscard]] Result<std::int64_t> txQueueLength() const;
    [[nodiscard]] Result<void> setTxQueueLength(std::int64_t length) const;
    [[nodiscard]] Result<std::int64_t> mtu() const;
    [[nodiscard]] Result<void> setMtu(std::int64_t mtu) const;

    // Whether the last failed call of this object was refused as not supported by the driver.
    bool lastWasUnsupported() const { return m_lastErrno == EOPNOTSUPP; }
    // Whether the device was not there.
    bool lastWasMissingDevice() const { return m_lastErrno == ENODEV; }

private:
    EthtoolDevice(int fd, QString name);
    // SIOCETHTOOL with DATA; false with m_lastErrno set on failure.
    bool ethtool(void *data) const;
    bool interfaceCall(unsigned long request, void *ifr) const;
    [[nodiscard]] Result<QStringList> featureNames() const;
    Error failure(const QString &what) const;

    int m_fd = -1;
    QString m_name;
    mutable int m_lastErrno = 0;
};

} // namespace tcptune
