#pragma once
// The upper halves of the CPU's vector registers (x86-64 AVX: bits 128-511 of YMM/ZMM 0-15).
// Library code built for AVX (Qt's own, here: registering a metatype) can return with them still
// in use, and a thread created later inherits them. A thread that then moves bulk data through
// the kernel pays for it: on this project's 2-core VM the same send() calls of a loopback BBR
// flow cost 10-15 % more CPU per byte in the kernel (pacing timer, wake-ups, softirq) until the
// thread executes VZEROUPPER (bench/README.md, traffic). The sending and receiving loops clear
// them before they move data. On other CPUs these do nothing.

#include <optional>

namespace tcptune {

// Executes VZEROUPPER when the CPU has AVX; otherwise nothing. A few cycles: call it per wake-up.
void clearVectorUpperState();

// Whether the calling thread has the upper halves in use now (XGETBV with ECX=1, the XINUSE
// bits of AVX and of ZMM_Hi256); nullopt where the CPU cannot say.
std::optional<bool> vectorUpperStateInUse();

} // namespace tcptune
