#pragma once
// The version of each `--json` output, written as its "schema_version" (docs/json.md; the JSON
// Schema of each output is in docs/json/). A version goes up when a field is removed or changes
// its meaning or shape; fields are added without a new version. Arrays of objects (knobs,
// results list) carry the version in every element, so that their shape stays what it was.

#include <QJsonObject>
#include <QLatin1StringView>

namespace tcptune::jsonschema {

inline constexpr QLatin1StringView kField{"schema_version"};

inline constexpr int kAnalyze = 2;     // 2: sparse "bytes_per_interval" rows replaced "c2s_bytes_per_interval"
inline constexpr int kRun = 1;         // tcptune run
inline constexpr int kRunIperf3 = 1;   // tcptune run --json-iperf3 (iperf3's layout)
inline constexpr int kSweepTable = 1;  // tcptune sweep, results show, results.json
inline constexpr int kSweepPlan = 1;   // tcptune sweep --dry-run
inline constexpr int kResultsList = 1; // tcptune results list
inline constexpr int kLabStatus = 1;   // tcptune lab up|down|status
inline constexpr int kKnobs = 1;       // tcptune knobs
inline constexpr int kTune = 1;        // tcptune tune
// tcptune results diff: 2 writes the version as a number like every other output (1 was the
// string "1.0"); no other field changed.
inline constexpr int kResultsDiff = 2;

// OBJECT with its "schema_version" set to VERSION.
inline QJsonObject versioned(QJsonObject object, int version)
{
    object.insert(kField, version);
    return object;
}

} // namespace tcptune::jsonschema
