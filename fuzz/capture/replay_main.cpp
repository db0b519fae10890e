// Runs LLVMFuzzerTestOneInput over files and folders given as arguments, for builds without
// libFuzzer (gcc with ASan and UBSan in scripts/test-sanitizers). Prints how many inputs ran.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

void run(const std::filesystem::path &file, int &count)
{
    std::ifstream in(file, std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    // Every prefix cut at a few places: the cut-short paths of the reader.
    for (std::size_t cut : {bytes.size() / 3, bytes.size() / 2, bytes.size() - bytes.size() / 7})
        if (cut < bytes.size())
            LLVMFuzzerTestOneInput(bytes.data(), cut);
    ++count;
}

} // namespace

int main(int argc, char **argv)
{
    int count = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path p(argv[i]);
        if (!std::filesystem::exists(p))
            continue; // an optional corpus that is not there
        if (std::filesystem::is_directory(p)) {
            for (const auto &entry : std::filesystem::directory_iterator(p))
                if (entry.is_regular_file())
                    run(entry.path(), count);
        } else {
            run(p, count);
        }
    }
    std::printf("replayed %d inputs\n", count);
    return count > 0 ? 0 : 1;
}
