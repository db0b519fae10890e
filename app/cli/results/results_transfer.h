#pragma once
// Results that travel: `tcptune results export ID --bundle FILE` (one self-contained SQLite file
// with the experiment, its runs and every row of theirs), `results import FILE` and `results
// sync` (the outbox's runs up to the store). All three copy by UUID, so doing one twice adds
// nothing.

#include <QString>

namespace tcptune {
class ResultStore;
}

namespace tcptune::cli {

int exportBundle(const ResultStore &store, qint64 experimentId, const QString &file);
int importBundle(ResultStore &store, const QString &file);
// Copies every experiment of the outbox at OUTBOX to STORE; an ended one leaves the outbox.
int syncOutbox(ResultStore &store, const QString &outbox);

} // namespace tcptune::cli
