// Results the worker has played but the coordinator has not yet acknowledged, kept in memory
// and in a small local file (rewritten whole on every change, by rename, so it is never
// half-written), with the worker's identity: a restarted worker reports them under the same
// worker id, which the coordinator requires.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "proto/coordinator.pb.h"

namespace gc9::worker {

class Outbox {
 public:
  // Locks `path` (a second worker on the same file is refused) and loads what it holds.
  absl::Status Open(const std::string& path);
  ~Outbox();

  int64_t worker_id() const;
  void set_worker_id(int64_t id);
  void Add(const proto::PairResult& pair);
  // Up to `limit` pairs to send, oldest first.
  std::vector<proto::PairResult> Peek(int limit) const;
  // Removes the pairs the coordinator has answered for (counted, duplicate or discarded).
  void Remove(const std::vector<proto::PairResult>& pairs);
  size_t size() const;

 private:
  void Save();  // with mutex_ held

  mutable std::mutex mutex_;
  std::string path_;
  int lock_fd_ = -1;
  proto::ReportRequest contents_;  // worker_id and the pending pairs
};

}  // namespace gc9::worker
