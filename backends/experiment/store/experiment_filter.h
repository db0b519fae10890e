#pragma once
// Which experiments a list asks the result store for (`tcptune results list --host ...`, the
// History's filter line "host:lab1 kernel:6.1"): every term given must match, and an empty filter
// matches every experiment. A team's store holds many hosts, users and kernels; the filter and the
// page are the database's work, so a list costs the same whatever the store holds.

#include <QString>
#include <QtGlobal>

namespace tcptune {

struct ExperimentFilter {
    QString host; // the host it ran on, ignoring case ("lab1")
    QString user; // the account that ran it
    // A run of it ran on a kernel release starting with this; a number in it is whole ("6.1"
    // takes 6.1.0-18-amd64, not 6.12.9).
    QString kernel;
    QString tag; // it carries this tag (`tcptune results tag`)
    // A page, newest first: at most LIMIT experiments (0: all) older than BEFORE_ID (0: from the newest).
    int limit = 0;
    qint64 beforeId = 0;

    // Whether a term narrows the list (the page does not).
    bool narrows() const { return !host.isEmpty() || !user.isEmpty() || !kernel.isEmpty() || !tag.isEmpty(); }
};

} // namespace tcptune
