#pragma once
// Ctrl-C during the bench: the long loops (generating 100,000 runs, the write cost) stop at the
// next run and the bench returns through main, so that a private PostgreSQL server it started is
// stopped rather than left running.

namespace tcptune::bench {

// From now on SIGINT, SIGTERM and SIGHUP only set the flag interrupted() reads.
void catchInterruption();
bool interrupted();

} // namespace tcptune::bench
