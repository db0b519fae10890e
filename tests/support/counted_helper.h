#pragma once
// A stand-in for tcptune-helper that counts how often it is started: a shell script in a
// temporary folder that appends a line to a file, then execs the real helper with the same
// arguments. Point HelperStartOptions::helperPath at path() to count the password prompts a
// user would see (each start through pkexec or sudo is one).

#include <QString>
#include <QTemporaryDir>

namespace tcptune::test {

class CountedHelper final {
public:
    CountedHelper();

    bool ok() const { return m_ok; }
    // The wrapper to start instead of the helper.
    QString path() const;
    // How many times the wrapper was started so far.
    int starts() const;

private:
    QTemporaryDir m_dir;
    bool m_ok = false;
};

} // namespace tcptune::test
