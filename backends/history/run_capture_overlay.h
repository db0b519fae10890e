#pragma once
// The TCP_INFO overlay of a capture that a stored run recorded: finds the run in the result store
// by the capture's file, reads the samples of the sender the graph shows (this host's for the
// client's data, the target's for the server's) and aligns them to the graph
// (capture/tcp_info_alignment). No overlay when no run recorded the file, or when its samples
// are not this one flow's (several streams or ends: TCP_INFO's sums cover them all).

#include "capture/stream_graph.h"
#include "experiment/record/run_record.h"

#include <QString>

#include <optional>

namespace tcptune {

class ResultStore;

// The stored run that recorded the capture file CAPTURE_PATH (newest first); none when no run did.
std::optional<qint64> runOfCapture(const ResultStore &store, const QString &capturePath);

// GRAPH's TCP_INFO overlay from RUN's stored SAMPLES (all of them, as the store gives them), with
// the spans each limiter held the sender back (experiment/diagnosis/limiter_spans) moved onto the
// graph's time as the lines.
std::optional<TcpInfoOverlay> tcpInfoOverlayOf(const RunRecord &run, const QList<RunSample> &samples,
                                               const StreamGraph &graph);

// The same from RUN_ID's record and samples in STORE.
std::optional<TcpInfoOverlay> runTcpInfoOverlay(const ResultStore &store, qint64 runId, const StreamGraph &graph);

// Opens the store at STORE_PATH (a server, or a file only if it exists) on the calling thread and attaches the
// overlay of the run that recorded CAPTURE_PATH to GRAPH; GRAPH keeps none otherwise.
void attachRunTcpInfo(StreamGraph &graph, const QString &capturePath, const QString &storePath);

} // namespace tcptune
