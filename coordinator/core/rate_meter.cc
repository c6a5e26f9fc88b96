#include "coordinator/core/rate_meter.h"

#include <algorithm>

namespace gc9::coordinator::core {

void RateMeter::Start(int64_t start_ms) {
  start_ms_ = start_ms;
  buckets_ = {};
}

void RateMeter::Add(int64_t now_ms, int64_t pairs) {
  const int64_t index = now_ms / kBucketMs;
  Bucket& bucket = buckets_[index % kBuckets];
  if (bucket.index != index) bucket = Bucket{index, 0};
  bucket.pairs += pairs;
}

double RateMeter::PerMinute(int64_t now_ms) const {
  if (start_ms_ < 0) return 0;
  // The window: the current bucket and the kBuckets - 1 before it, or less for a young run.
  const int64_t now_index = now_ms / kBucketMs;
  const int64_t first_index = now_index - kBuckets + 1;
  int64_t pairs = 0;
  for (const Bucket& bucket : buckets_) {
    if (bucket.index >= first_index && bucket.index <= now_index) pairs += bucket.pairs;
  }
  const int64_t from = std::max(start_ms_, first_index * kBucketMs);
  const int64_t span_ms = std::max(now_ms - from, kBucketMs);
  return static_cast<double>(pairs) * 60000.0 / static_cast<double>(span_ms);
}

}  // namespace gc9::coordinator::core
