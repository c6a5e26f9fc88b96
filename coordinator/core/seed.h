// Per-item seeds derived from a run's seed, so that replaying work replays its randomness.
#pragma once

#include <cstdint>

namespace gc9::coordinator::core {

// SplitMix64's output function over seed + golden-ratio steps: distinct, well-mixed seeds for
// consecutive indices.
inline uint64_t MixSeed(uint64_t seed, int64_t index) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace gc9::coordinator::core
