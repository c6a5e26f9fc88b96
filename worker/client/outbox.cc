#include "worker/client/outbox.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "common/file.h"

namespace gc9::worker {

absl::Status Outbox::Open(const std::string& path) {
  path_ = path;
  const std::string lock = path + ".lock";
  lock_fd_ = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) return absl::UnavailableError(absl::StrCat("cannot create ", lock));
  if (flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, " is in use by another worker; give each worker its own --outbox"));
  }
  // No file yet: nothing left over from an earlier run.
  absl::StatusOr<std::string> bytes = common::ReadWholeFile(path, "worker outbox");
  if (absl::IsNotFound(bytes.status())) return absl::OkStatus();
  if (!bytes.ok()) return bytes.status();
  if (!contents_.ParseFromString(*bytes)) {
    return absl::DataLossError(absl::StrCat(path, " is not a gc9 worker outbox"));
  }
  return absl::OkStatus();
}

Outbox::~Outbox() {
  if (lock_fd_ >= 0) close(lock_fd_);
}

int64_t Outbox::worker_id() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return contents_.worker_id();
}

void Outbox::set_worker_id(int64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  contents_.set_worker_id(id);
  Save();
}

void Outbox::Add(const proto::PairResult& pair) {
  std::lock_guard<std::mutex> lock(mutex_);
  *contents_.add_pair() = pair;
  Save();
}

std::vector<proto::PairResult> Outbox::Peek(int limit) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<proto::PairResult> pairs;
  for (int i = 0; i < contents_.pair_size() && i < limit; ++i) pairs.push_back(contents_.pair(i));
  return pairs;
}

void Outbox::Remove(const std::vector<proto::PairResult>& pairs) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto same = [](const proto::PairResult& a, const proto::PairResult& b) {
    return a.run_id() == b.run_id() && a.batch_id() == b.batch_id() &&
           a.pair_index() == b.pair_index();
  };
  auto* list = contents_.mutable_pair();
  for (int i = list->size() - 1; i >= 0; --i) {
    for (const proto::PairResult& done : pairs) {
      if (same(list->Get(i), done)) {
        list->DeleteSubrange(i, 1);
        break;
      }
    }
  }
  Save();
}

size_t Outbox::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<size_t>(contents_.pair_size());
}

void Outbox::Save() {
  if (path_.empty()) return;
  const std::string temp = path_ + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    contents_.SerializeToOstream(&out);
  }
  std::rename(temp.c_str(), path_.c_str());
}

}  // namespace gc9::worker
