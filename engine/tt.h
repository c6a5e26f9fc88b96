// The transposition table: a fixed-size hash of search results, in clusters of four entries
// that fill one cache line. Sized in megabytes (UCI `Hash`); cleared to zero so that a search
// after Clear() repeats a fresh engine's search exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/types.h"

namespace gc9::engine {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  uint32_t key32 = 0;  // the key's low half; the high half chose the cluster
  Move move;
  int16_t score = 0;  // mate scores relative to this node (see search.cc)
  int16_t eval = 0;
  int8_t depth = 0;
  uint8_t generation_bound = 0;  // generation in bits 2-7, Bound in bits 0-1

  Bound bound() const { return Bound(generation_bound & 3); }
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  static constexpr int kDefaultMegabytes = 16;
  static constexpr int kMaxMegabytes = 65536;

  explicit TranspositionTable(int megabytes = kDefaultMegabytes) { Resize(megabytes); }

  // A cleared table of `megabytes`; false, with the old table kept, when the memory cannot be
  // had (UCI offers up to 64 GB: asking for more than the machine has ended the engine).
  bool Resize(int megabytes);
  void Clear();
  // Called when a search starts, so that old entries are replaced first.
  void NewSearch() { generation_ = uint8_t(generation_ + 4); }

  // The entry holding `key`, or nullptr.
  const TTEntry* Probe(uint64_t key) const;
  void Store(uint64_t key, int score, int eval, int depth, Bound bound, Move move);
  // Starts loading a key's cluster into the cache; called as soon as a move is made.
  void Prefetch(uint64_t key) const { __builtin_prefetch(&ClusterOf(key)); }
  // Permille of the first thousand clusters' entries written in this search (UCI hashfull).
  int Hashfull() const;

 private:
  struct Cluster {
    TTEntry entries[4];
  };
  Cluster& ClusterOf(uint64_t key) const {
    return clusters_[size_t((static_cast<unsigned __int128>(key) * cluster_count_) >> 64)];
  }

  // Allocated without exceptions (new (std::nothrow)), so that Resize can refuse.
  std::unique_ptr<Cluster[]> clusters_;
  size_t cluster_count_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace gc9::engine
