#include "engine/tt.h"

#include <algorithm>
#include <new>
#include <utility>

namespace gc9::engine {

bool TranspositionTable::Resize(int megabytes) {
  megabytes = std::clamp(megabytes, 1, kMaxMegabytes);
  const size_t count = size_t(megabytes) * 1024 * 1024 / sizeof(Cluster);
  std::unique_ptr<Cluster[]> fresh(new (std::nothrow) Cluster[count]);
  if (fresh == nullptr) return false;
  clusters_ = std::move(fresh);
  cluster_count_ = count;
  generation_ = 0;
  return true;
}

void TranspositionTable::Clear() {
  std::fill(clusters_.get(), clusters_.get() + cluster_count_, Cluster{});
  generation_ = 0;
}

const TTEntry* TranspositionTable::Probe(uint64_t key) const {
  const uint32_t key32 = uint32_t(key);
  for (const TTEntry& e : ClusterOf(key).entries) {
    if (e.key32 == key32 && e.bound() != Bound::kNone) return &e;
  }
  return nullptr;
}

void TranspositionTable::Store(uint64_t key, int score, int eval, int depth, Bound bound,
                               Move move) {
  const uint32_t key32 = uint32_t(key);
  Cluster& cluster = ClusterOf(key);
  TTEntry* slot = nullptr;
  for (TTEntry& e : cluster.entries) {
    if (e.key32 == key32 || e.bound() == Bound::kNone) {
      slot = &e;
      break;
    }
  }
  if (slot == nullptr) {
    // Replace the shallowest entry, counting an entry of an older search as 8 plies shallower.
    auto worth = [&](const TTEntry& e) {
      const int age = uint8_t(generation_ - (e.generation_bound & ~3)) / 4;
      return e.depth - 8 * age;
    };
    slot = &cluster.entries[0];
    for (TTEntry& e : cluster.entries) {
      if (worth(e) < worth(*slot)) slot = &e;
    }
  } else if (slot->key32 == key32 && slot->bound() != Bound::kNone) {
    // Keep a deeper result of this search unless the new one is exact.
    if (move.IsNone()) move = slot->move;
    if (bound != Bound::kExact && depth + 2 < slot->depth &&
        (slot->generation_bound & ~3) == generation_) {
      slot->move = move;
      return;
    }
  }
  slot->key32 = key32;
  slot->move = move;
  slot->score = int16_t(score);
  slot->eval = int16_t(eval);
  slot->depth = int8_t(std::clamp(depth, -100, 127));
  slot->generation_bound = uint8_t(generation_ | uint8_t(bound));
}

int TranspositionTable::Hashfull() const {
  const size_t clusters = std::min<size_t>(250, cluster_count_);
  int used = 0;
  for (size_t i = 0; i < clusters; ++i) {
    for (const TTEntry& e : clusters_[i].entries) {
      used += e.bound() != Bound::kNone && (e.generation_bound & ~3) == generation_;
    }
  }
  return clusters ? used * 1000 / int(clusters * 4) : 0;
}

}  // namespace gc9::engine
