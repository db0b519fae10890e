#pragma once
// The record of a lab that tcptune-helper made: its spec, namespaces and links, and whether
// building it finished. It is written before the first command runs and marked complete after
// the last, so a crash in between leaves a record that says the lab is a leftover.

#include "common/error.h"
#include "lab/lab_spec.h"

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

namespace tcptune {

struct LabState {
    LabSpec spec;
    QString bootId;
    QDateTime createdAt;
    bool complete = false;
    QStringList namespaces;
    QStringList links;   // "NETNS/INTERFACE"
    QStringList sysctls; // "NETNS KEY=VALUE": what the lab set (new namespaces start at kernel defaults)
    QStringList qdiscsMissing;
};

QString labStatePath(const QString &labName);

QJsonObject toJson(const LabState &state);
[[nodiscard]] Result<LabState> labStateFromJson(const QJsonObject &object);

// Fails when there is no record (the usual case for a lab that is down) or it is unreadable.
[[nodiscard]] Result<LabState> readLabState(const QString &labName);
[[nodiscard]] Result<void> writeLabState(const LabState &state);
void removeLabState(const QString &labName);

} // namespace tcptune
