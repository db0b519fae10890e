#pragma once
// What a lab looks like: its name, topology and bottleneck. Parsed from the knob catalogue's
// lab parameters (lab.rate, lab.queue, lab.mtu, lab.delay, lab.topology), so a sweep that turns
// a lab knob and `tcptune lab up --rate ...` go through the same checks.

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <cstdint>

namespace tcptune {

enum class LabTopology {
    Direct, // client <-> server on one veth pair; shaping on the client's own egress
    Routed, // client <-> router <-> server; shaping on the router's egress towards the server
};

struct LabSpec {
    Q_DECLARE_TR_FUNCTIONS(LabSpec)
public:
    QString name = QStringLiteral("lab");
    LabTopology topology = LabTopology::Routed;
    std::int64_t rateBitsPerSecond = 0; // 0: unshaped
    std::int64_t queueBytes = 2097152;  // the bottleneck's queue limit
    int mtu = 1500;                     // on every lab link
    int delayMs = 0;                    // one-way, needs netem

    bool operator==(const LabSpec &) const = default;
};

inline constexpr auto kDefaultLabName = "lab";

QString topologyName(LabTopology topology);

// A lab name becomes part of namespace names (tcptune-NAME-client): 1-17 characters out of
// [A-Za-z0-9_-], starting with a letter or digit.
[[nodiscard]] Result<void> validateLabName(const QString &name);

// Builds a spec from lab knob values keyed by catalogue key ("lab.rate" -> "50mbit"); keys that
// are absent keep their catalogue default. Unknown keys and bad values are errors.
[[nodiscard]] Result<LabSpec> parseLabSpec(const QString &name, const QMap<QString, QString> &labKnobs);

// The spec as the catalogue's canonical values, keyed by catalogue key.
QMap<QString, QString> labKnobValues(const LabSpec &spec);

QJsonObject toJson(const LabSpec &spec);
[[nodiscard]] Result<LabSpec> labSpecFromJson(const QJsonObject &object);

// One line for people: "routed, 50 Mbit/s, queue 2 MiB, MTU 1500".
QString describe(const LabSpec &spec);

} // namespace tcptune
