#pragma once
// A buffer that starts on a page boundary, for the loops that receive bulk data. recv() copies
// each byte from the kernel into it (rep movsb on x86-64), and on this project's AMD VM that copy
// costs about twice as much per byte when the destination is not cache-line aligned, which a
// std::vector of 256 KiB never is (malloc's mmap'd chunks start 16 bytes into a page): with one,
// the agent's receiver spent 340-730 perf samples per GB in _copy_to_iter, with this 280-530
// (bench/README.md, traffic).

#include <cstddef>
#include <memory>

namespace tcptune {

class PageBuffer final {
public:
    static constexpr std::size_t kAlignment = 4096;

    // SIZE bytes (at least one), zero-filled so that no page faults while data arrives.
    explicit PageBuffer(std::size_t size);

    char *data() { return m_data.get(); }
    const char *data() const { return m_data.get(); }
    std::size_t size() const { return m_size; }

private:
    struct Free {
        void operator()(char *p) const;
    };
    std::unique_ptr<char, Free> m_data;
    std::size_t m_size;
};

} // namespace tcptune
