#pragma once
// A network namespace that one test creates and always deletes (tcptune-t-<name>), optionally
// with a veth pair to a second one, addressed from 198.18.0.0/15. Needs root.

#include <QString>
#include <QStringList>

namespace tcptune::test {

// Runs `ip ARGS...`; returns its stderr on failure, empty on success.
QString ip(const QStringList &args);

bool runningAsRoot();

class ScratchNamespace final {
public:
    explicit ScratchNamespace(const QString &suffix);
    ~ScratchNamespace();
    ScratchNamespace(const ScratchNamespace &) = delete;
    ScratchNamespace &operator=(const ScratchNamespace &) = delete;

    const QString &name() const { return m_name; }
    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }

    // Runs COMMAND inside the namespace (ip netns exec); returns its stdout, trimmed.
    QString exec(const QStringList &command) const;

private:
    QString m_name;
    QString m_error;
};

// Two namespaces (tcptune-t-<suffix>a and b) whose ends are 198.18.X.1 (a) and 198.18.X.2 (b);
// what joins them is the derived class's.
class NamespacePair {
public:
    ScratchNamespace &a() { return m_a; }
    ScratchNamespace &b() { return m_b; }
    QString addressA() const { return QStringLiteral("198.18.%1.1").arg(m_subnet); }
    QString addressB() const { return QStringLiteral("198.18.%1.2").arg(m_subnet); }
    bool ok() const { return m_error.isEmpty() && m_a.ok() && m_b.ok(); }
    QString error() const { return m_error.isEmpty() ? m_a.error() + m_b.error() : m_error; }

protected:
    NamespacePair(const QString &suffix, int subnet);
    ~NamespacePair() = default;
    // Adds ADDRESS/24 to DEVICE in NS and brings the device up; sets m_error on failure.
    bool addressAndUp(const ScratchNamespace &ns, const QString &device, const QString &address);

    ScratchNamespace m_a;
    ScratchNamespace m_b;
    int m_subnet;
    QString m_error;
};

// Two namespaces joined by a veth pair: a = 198.18.X.1/24, b = 198.18.X.2/24, links up, lo up.
class ScratchPair final : public NamespacePair {
public:
    ScratchPair(const QString &suffix, int subnet);
};

} // namespace tcptune::test
