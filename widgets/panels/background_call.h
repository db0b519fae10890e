#pragma once
// runInBackground: runs a function on a thread of its own and hands its result to a callback on
// CONTEXT's thread (the GUI's), the way the Captures tab reads a file and Settings tests a store
// without freezing the window. The result travels through a QPromise and a QFutureWatcher (both
// Qt Core), so a CONTEXT that is gone before the work ends simply never hears of it: the thread
// finishes and deletes itself.

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThread>

#include <memory>
#include <type_traits>
#include <utility>

namespace tcptune {

template <typename Work, typename Done> void runInBackground(QObject *context, Work work, Done done)
{
    using Value = std::invoke_result_t<Work>;
    // A shared pointer: the watcher copies results, and a stream graph is large.
    using Shared = std::shared_ptr<Value>;
    auto promise = std::make_shared<QPromise<Shared>>();
    auto *watcher = new QFutureWatcher<Shared>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)]() mutable {
        watcher->deleteLater();
        if (watcher->future().resultCount() > 0)
            done(std::move(*watcher->result()));
    });
    promise->start();
    watcher->setFuture(promise->future());
    QThread *thread = QThread::create([promise, work = std::move(work)]() mutable {
        promise->addResult(std::make_shared<Value>(work()));
        promise->finish();
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace tcptune
