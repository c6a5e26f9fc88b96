// A run's rate: pairs counted per minute over the last five minutes, from a ring of ten-second
// buckets. Kept in memory only: after a coordinator restart a run's rate starts afresh.
#pragma once

#include <array>
#include <cstdint>

namespace gc9::coordinator::core {

class RateMeter {
 public:
  static constexpr int64_t kBucketMs = 10000;
  static constexpr int kBuckets = 30;

  // Pairs can be counted from `start_ms` on (the run's first lease, or the coordinator's
  // start): a run younger than the window is measured over its own life, not diluted by
  // minutes in which it could not have counted anything.
  void Start(int64_t start_ms);
  bool started() const { return start_ms_ >= 0; }
  void Add(int64_t now_ms, int64_t pairs);
  // 0 before Start. The span is at least one bucket, so that the first pair of a run does not
  // show as thousands a minute.
  double PerMinute(int64_t now_ms) const;

 private:
  struct Bucket {
    int64_t index = -1;  // now_ms / kBucketMs of the pairs in it
    int64_t pairs = 0;
  };
  std::array<Bucket, kBuckets> buckets_{};
  int64_t start_ms_ = -1;
};

}  // namespace gc9::coordinator::core
