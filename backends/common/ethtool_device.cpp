#include "common/ethtool_device.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace tcptune {
namespace {

QString fromFixed(const char *text, std::size_t size)
{
    return QString::fromUtf8(text, qsizetype(strnlen(text, size)));
}

ifreq requestFor(const QString &name)
{
    ifreq ifr{};
    const QByteArray bytes = name.toUtf8();
    std::memcpy(ifr.ifr_name, bytes.constData(), std::min<std::size_t>(std::size_t(bytes.size()), IFNAMSIZ - 1));
    return ifr;
}

// A buffer for ethtool's variable-length structures, aligned for their 64-bit fields.
std::vector<std::uint64_t> buffer(std::size_t bytes)
{
    return std::vector<std::uint64_t>((bytes + 7) / 8 + 1, 0);
}

} // namespace

EthtoolDevice::EthtoolDevice(int fd, QString name)
    : m_fd(fd)
    , m_name(std::move(name))
{
}

EthtoolDevice::EthtoolDevice(EthtoolDevice &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_name(std::move(other.m_name))
    , m_lastErrno(other.m_lastErrno)
{
}

EthtoolDevice::~EthtoolDevice()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Result<EthtoolDevice> EthtoolDevice::open(const QString &name)
{
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return fail(tr("Cannot open a control socket for %1: %2.").arg(name, QString::fromLocal8Bit(strerror(errno))));
    EthtoolDevice device(fd, name);
    ifreq ifr = requestFor(name);
    if (!device.interfaceCall(SIOCGIFINDEX, &ifr))
        return std::unexpected(device.failure(tr("find the device")));
    return device;
}

bool EthtoolDevice::interfaceCall(unsigned long request, void *ifr) const
{
    if (::ioctl(m_fd, request, ifr) == 0)
        return true;
    m_lastErrno = errno;
    return false;
}

bool EthtoolDevice::ethtool(void *data) const
{
    ifreq ifr = requestFor(m_name);
    ifr.ifr_data = static_cast<char *>(data);
    return interfaceCall(SIOCETHTOOL, &ifr);
}

Error EthtoolDevice::failure(const QString &what) const
{
    if (m_lastErrno == ENODEV)
        return Error{tr("There is no network device %1 here.").arg(m_name)};
    return Error{tr("%1: cannot %2: %3.").arg(m_name, what, QString::fromLocal8Bit(strerror(m_lastErrno)))};
}

Result<DeviceDriverInfo> EthtoolDevice::driverInfo() const
{
    ethtool_drvinfo info{};
    info.cmd = ETHTOOL_GDRVINFO;
    if (!ethtool(&info))
        return std::unexpected(failure(tr("read the driver information")));
    return DeviceDriverInfo{fromFixed(info.driver, sizeof info.driver), fromFixed(info.version, sizeof info.version),
                            fromFixed(info.fw_version, sizeof info.fw_version),
                            fromFixed(info.bus_info, sizeof info.bus_info)};
}

QString EthtoolDevice::driverForMessages() const
{
    const int saved = m_lastErrno;
    auto info = driverInfo();
    m_lastErrno = saved;
    return info && !info->driver.isEmpty() ? info->driver : tr("this device");
}

Result<QStringList> EthtoolDevice::featureNames() const
{
    auto info = buffer(sizeof(ethtool_sset_info) + sizeof(std::uint32_t));
    auto *sset = reinterpret_cast<ethtool_sset_info *>(info.data());
    sset->cmd = ETHTOOL_GSSET_INFO;
    sset->sset_mask = 1ULL << ETH_SS_FEATURES;
    if (!ethtool(sset))
        return std::unexpected(failure(tr("read the names of its features")));
    const std::uint32_t count = sset->sset_mask ? sset->data[0] : 0;
    if (count == 0 || count > 4096)
        return fail(tr("%1 reports no offload features.").arg(m_name));
    auto strings = buffer(sizeof(ethtool_gstrings) + std::size_t(count) * ETH_GSTRING_LEN);
    auto *g = reinterpret_cast<ethtool_gstrings *>(strings.data());
    g->cmd = ETHTOOL_GSTRINGS;
    g->string_set = ETH_SS_FEATURES;
    g->len = count;
    if (!ethtool(g))
        return std::unexpected(failure(tr("read the names of its features")));
    QStringList names;
    const char *data = reinterpret_cast<const char *>(g->data);
    for (std::uint32_t i = 0; i < count; ++i)
        names << fromFixed(data + std::size_t(i) * ETH_GSTRING_LEN, ETH_GSTRING_LEN);
    return names;
}

Result<QList<DeviceFeature>> EthtoolDevice::features() const
{
    auto names = featureNames();
    if (!names)
        return std::unexpected(names.error());
    const std::uint32_t blocks = std::uint32_t((names->size() + 31) / 32);
    auto bytes = buffer(sizeof(ethtool_gfeatures) + blocks * sizeof(ethtool_get_features_block));
    auto *g = reinterpret_cast<ethtool_gfeatures *>(bytes.data());
    g->cmd = ETHTOOL_GFEATURES;
    g->size = blocks;
    if (!ethtool(g))
        return std::unexpected(failure(tr("read its features")));
    QList<DeviceFeature> out;
    for (qsizetype i = 0; i < names->size(); ++i) {
        const ethtool_get_features_block &b = g->features[i / 32];
        const std::uint32_t bit = 1U << (i % 32);
        if (!names->at(i).isEmpty())
            out.append({names->at(i), (b.available & bit) != 0, (b.active & bit) != 0});
    }
    return out;
}

Result<void> EthtoolDevice::setFeatures(const QStringList &wanted, bool on) const
{
    auto names = featureNames();
    if (!names)
        return std::unexpected(names.error());
    const std::uint32_t blocks = std::uint32_t((names->size() + 31) / 32);
    auto bytes = buffer(sizeof(ethtool_sfeatures) + blocks * sizeof(ethtool_set_features_block));
    auto *s = reinterpret_cast<ethtool_sfeatures *>(bytes.data());
    s->cmd = ETHTOOL_SFEATURES;
    s->size = blocks;
    for (qsizetype i = 0; i < names->size(); ++i) {
        if (!wanted.contains(names->at(i)))
            continue;
        const std::uint32_t bit = 1U << (i % 32);
        s->features[i / 32].valid |= bit;
        if (on)
            s->features[i / 32].requested |= bit;
    }
    if (!ethtool(s))
        return std::unexpected(failure(tr("change its features")));
    return {};
}

Result<DeviceCoalescing> EthtoolDevice::coalescing() const
{
    ethtool_coalesce c{};
    c.cmd = ETHTOOL_GCOALESCE;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("read its interrupt coalescing")));
    return DeviceCoalescing{
        c.rx_coalesce_usecs,       c.rx_max_coalesced_frames,       c.tx_coalesce_usecs,
        c.tx_max_coalesced_frames, c.use_adaptive_rx_coalesce != 0, c.use_adaptive_tx_coalesce != 0};
}

Result<void> EthtoolDevice::setCoalescing(const DeviceCoalescing &wanted) const
{
    // Read-modify-write: the driver's other coalescing fields stay as they are.
    ethtool_coalesce c{};
    c.cmd = ETHTOOL_GCOALESCE;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("read its interrupt coalescing")));
    c.cmd = ETHTOOL_SCOALESCE;
    c.rx_coalesce_usecs = wanted.rxUsecs;
    c.rx_max_coalesced_frames = wanted.rxFrames;
    c.tx_coalesce_usecs = wanted.txUsecs;
    c.tx_max_coalesced_frames = wanted.txFrames;
    c.use_adaptive_rx_coalesce = wanted.adaptiveRx ? 1 : 0;
    c.use_adaptive_tx_coalesce = wanted.adaptiveTx ? 1 : 0;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("change its interrupt coalescing")));
    return {};
}

Result<DeviceRings> EthtoolDevice::rings() const
{
    ethtool_ringparam r{};
    r.cmd = ETHTOOL_GRINGPARAM;
    if (!ethtool(&r))
        return std::unexpected(failure(tr("read its ring sizes")));
    return DeviceRings{r.rx_max_pending, r.rx_pending, r.tx_max_pending, r.tx_pending};
}

Result<void> EthtoolDevice::setRings(std::uint32_t rx, std::uint32_t tx) const
{
    ethtool_ringparam r{};
    r.cmd = ETHTOOL_GRINGPARAM;
    if (!ethtool(&r))
        return std::unexpected(failure(tr("read its ring sizes")));
    r.cmd = ETHTOOL_SRINGPARAM;
    r.rx_pending = rx;
    r.tx_pending = tx;
    if (!ethtool(&r))
        return std::unexpected(failure(tr("change its ring sizes")));
    return {};
}

Result<DeviceChannels> EthtoolDevice::channels() const
{
    ethtool_channels c{};
    c.cmd = ETHTOOL_GCHANNELS;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("read its channels")));
    return DeviceChannels{c.max_combined, c.combined_count};
}

Result<void> EthtoolDevice::setCombinedChannels(std::uint32_t count) const
{
    ethtool_channels c{};
    c.cmd = ETHTOOL_GCHANNELS;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("read its channels")));
    c.cmd = ETHTOOL_SCHANNELS;
    c.combined_count = count;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("change its channels")));
    return {};
}

Result<EthtoolDevice::Speed> EthtoolDevice::speed() const
{
    ethtool_cmd c{};
    c.cmd = ETHTOOL_GSET;
    if (!ethtool(&c))
        return std::unexpected(failure(tr("read its link settings")));
    Speed out;
    const std::uint32_t mbps = ethtool_cmd_speed(&c);
    if (mbps != 0 && mbps != std::uint32_t(SPEED_UNKNOWN))
        out.mbps = mbps;
    if (c.duplex == DUPLEX_FULL)
        out.duplex = QStringLiteral("full");
    else if (c.duplex == DUPLEX_HALF)
        out.duplex = QStringLiteral("half");
    return out;
}

Result<std::int64_t> EthtoolDevice::txQueueLength() const
{
    ifreq ifr = requestFor(m_name);
    if (!interfaceCall(SIOCGIFTXQLEN, &ifr))
        return std::unexpected(failure(tr("read its queue length")));
    return std::int64_t(ifr.ifr_qlen);
}

Result<void> EthtoolDevice::setTxQueueLength(std::int64_t length) const
{
    ifreq ifr = requestFor(m_name);
    ifr.ifr_qlen = int(length);
    if (!interfaceCall(SIOCSIFTXQLEN, &ifr))
        return std::unexpected(failure(tr("change its queue length")));
    return {};
}

Result<std::int64_t> EthtoolDevice::mtu() const
{
    ifreq ifr = requestFor(m_name);
    if (!interfaceCall(SIOCGIFMTU, &ifr))
        return std::unexpected(failure(tr("read its MTU")));
    return std::int64_t(ifr.ifr_mtu);
}

Result<void> EthtoolDevice::setMtu(std::int64_t mtu) const
{
    ifreq ifr = requestFor(m_name);
    ifr.ifr_mtu = int(mtu);
    if (!interfaceCall(SIOCSIFMTU, &ifr))
        return std::unexpected(failure(tr("change its MTU")));
    return {};
}

} // namespace tcptune
