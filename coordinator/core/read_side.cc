#include "coordinator/core/read_side.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::core {
namespace {

// The read thread has no periodic work (Post and Stop wake it).
constexpr int64_t kIdleTickMs = 60000;

}  // namespace

ReadSide::ReadSide(Core* core, Executor* core_executor, std::unique_ptr<store::Reader> reader,
                   ReadOptions options)
    : core_(core),
      core_executor_(core_executor),
      reader_(std::move(reader)),
      options_(options),
      reads_(nullptr, nullptr, kIdleTickMs) {}

ReadSide::~ReadSide() { Stop(); }

void ReadSide::Start() { reads_.Start(); }

void ReadSide::Stop() { reads_.Stop(); }

void ReadSide::ForRun(int64_t run_id, Done done, std::function<void(Done)> read) {
  core_executor_->Post([this, run_id, done = std::move(done), read = std::move(read)]() mutable {
    if (!core_->HasRun(run_id)) {
      return done(absl::NotFoundError(absl::StrCat("no run ", run_id)));
    }
    reads_.Post(
        [done = std::move(done), read = std::move(read)]() mutable { read(std::move(done)); });
  });
}

void ReadSide::HandleExportPgn(const proto::ExportPgnRequest& request, proto::ExportPgnReply* reply,
                               Done done) {
  const int limit = request.max_pairs() > 0
                        ? std::min(request.max_pairs(), options_.max_pgn_page_pairs)
                        : options_.max_pgn_page_pairs;
  ForRun(request.run_id(), std::move(done), [this, request, reply, limit](Done done) {
    absl::StatusOr<std::vector<proto::PairResult>> pairs =
        reader_->ReadPairs(request.run_id(), request.after_pair(), limit);
    if (!pairs.ok()) return done(pairs.status());
    std::string* pgn = reply->mutable_pgn();
    reply->set_last_pair(request.after_pair());
    for (const proto::PairResult& pair : *pairs) {
      for (const std::string& game : pair.pgn()) {
        pgn->append(game);
        if (!game.empty() && game.back() != '\n') pgn->push_back('\n');
        pgn->push_back('\n');
      }
      reply->set_last_pair(pair.pair_index());
    }
    reply->set_done(static_cast<int>(pairs->size()) < limit);
    done(absl::OkStatus());
  });
}

}  // namespace gc9::coordinator::core
