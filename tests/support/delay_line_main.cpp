// tcptune-test-delay-line: a path with a fixed one-way delay between two network namespaces, for
// tests that need a round trip longer than a veth's (a send buffer or a receive window limits a
// flow only when it is smaller than the path's bandwidth-delay product), on kernels without netem.
//
// Usage: tcptune-test-delay-line NETNS_A TUN_A NETNS_B TUN_B ONE_WAY_DELAY_MS
//
// It creates tun device TUN_A in NETNS_A and TUN_B in NETNS_B (they live as long as it runs),
// prints "ready" once both exist, and then hands every packet that leaves one of them to the
// other after the delay. The caller gives the devices their addresses and brings them up. At most
// kMaxQueued packets wait per direction (more are dropped, as a full queue drops them); it ends
// on SIGTERM or SIGINT. Packets are copied one by one, so it carries about a Gbit/s: enough for
// the test's delayed paths, not a benchmark.

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <sched.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxQueued = 8192;
constexpr std::size_t kMaxPacket = 65536;
constexpr int kReadsPerWakeUp = 256;

volatile std::sig_atomic_t g_stop = 0;

void onSignal(int)
{
    g_stop = 1;
}

// Creates tun device NAME in network namespace NETNS (entering it); -1 with a message on failure.
int openTun(const std::string &netns, const std::string &name)
{
    const int ns = ::open(("/run/netns/" + netns).c_str(), O_RDONLY | O_CLOEXEC);
    if (ns < 0 || ::setns(ns, CLONE_NEWNET) != 0) {
        std::fprintf(stderr, "cannot enter network namespace %s: %s\n", netns.c_str(), std::strerror(errno));
        return -1;
    }
    ::close(ns);
    const int fd = ::open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    ifreq request{};
    request.ifr_flags = IFF_TUN | IFF_NO_PI;
    std::strncpy(request.ifr_name, name.c_str(), IFNAMSIZ - 1);
    if (fd < 0 || ::ioctl(fd, TUNSETIFF, &request) != 0) {
        std::fprintf(stderr, "cannot create tun device %s in %s: %s\n", name.c_str(), netns.c_str(),
                     std::strerror(errno));
        return -1;
    }
    return fd;
}

struct Packet {
    Clock::time_point due;
    std::vector<unsigned char> bytes;
};

// One direction: what was read from IN and waits to be written to OUT.
struct Direction {
    int in = -1;
    int out = -1;
    std::deque<Packet> queue;

    void read(Clock::duration delay)
    {
        unsigned char buffer[kMaxPacket];
        for (int i = 0; i < kReadsPerWakeUp; ++i) {
            const ssize_t n = ::read(in, buffer, sizeof buffer);
            if (n <= 0)
                return;
            if (queue.size() < kMaxQueued)
                queue.push_back({Clock::now() + delay, std::vector<unsigned char>(buffer, buffer + n)});
        }
    }

    // Writes what is due; a packet the device refuses is dropped, as a link drops it.
    void flush(Clock::time_point now)
    {
        while (!queue.empty() && queue.front().due <= now) {
            const std::vector<unsigned char> &bytes = queue.front().bytes;
            [[maybe_unused]] const ssize_t written = ::write(out, bytes.data(), bytes.size());
            queue.pop_front();
        }
    }
};

// Milliseconds until the first packet of either direction is due (rounded up), -1 when none waits.
int msUntilDue(const Direction &a, const Direction &b, Clock::time_point now)
{
    Clock::time_point first = Clock::time_point::max();
    for (const Direction *d : {&a, &b})
        if (!d->queue.empty())
            first = std::min(first, d->queue.front().due);
    if (first == Clock::time_point::max())
        return -1;
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(first - now).count();
    return us <= 0 ? 0 : int((us + 999) / 1000);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 6) {
        std::fprintf(stderr, "usage: %s NETNS_A TUN_A NETNS_B TUN_B ONE_WAY_DELAY_MS\n", argv[0]);
        return 2;
    }
    const auto delay = std::chrono::milliseconds(std::atoi(argv[5]));
    Direction ab, ba;
    ab.in = ba.out = openTun(argv[1], argv[2]);
    ab.out = ba.in = openTun(argv[3], argv[4]);
    if (ab.in < 0 || ab.out < 0)
        return 1;
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    const int epoll = ::epoll_create1(EPOLL_CLOEXEC);
    for (int fd : {ab.in, ba.in}) {
        epoll_event event{};
        event.events = EPOLLIN;
        event.data.fd = fd;
        ::epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
    }
    std::printf("ready\n");
    std::fflush(stdout);
    epoll_event events[2];
    while (!g_stop) {
        const int n = ::epoll_wait(epoll, events, 2, msUntilDue(ab, ba, Clock::now()));
        for (int i = 0; i < n; ++i)
            (events[i].data.fd == ab.in ? ab : ba).read(delay);
        const Clock::time_point now = Clock::now();
        ab.flush(now);
        ba.flush(now);
    }
    return 0;
}
