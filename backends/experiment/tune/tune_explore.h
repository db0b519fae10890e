#pragma once
// Trying one move against the incumbent (private to the tune floor): a number doubles or halves
// while each step is accepted, then is bisected once between the last accepted value and the
// refused one; a choice tries every other value of its set in turn, each against the incumbent
// of the moment, so the last accepted is the best that was significantly better.

#include "experiment/tune/tune_candidates.h"
#include "experiment/tune/tune_race.h"

namespace tcptune {

// Explores MOVE from INCUMBENT, which takes each accepted step. True when one was accepted;
// session.stop set when the search must end.
bool tuneExplore(TuneSession &session, TuneIncumbent &incumbent, const ResolvedMove &move);

} // namespace tcptune
