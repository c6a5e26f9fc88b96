#include "worker/match/builtin_player.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "engine/engine.h"

namespace gc9::worker {
namespace {

engine::SearchLimits Limits(const GoRequest& request) {
  const TimeControl& tc = request.time_control;
  engine::SearchLimits limits;
  if (tc.nodes > 0) {
    limits.nodes = uint64_t(tc.nodes);
  } else if (tc.depth > 0) {
    limits.depth = tc.depth;
  } else if (tc.movetime_ms > 0) {
    limits.movetime_ms = tc.movetime_ms;
  } else {
    limits.use_clock = true;
    limits.time_ms[engine::kWhite] = request.white_ms;
    limits.time_ms[engine::kBlack] = request.black_ms;
    limits.inc_ms[engine::kWhite] = request.white_increment_ms;
    limits.inc_ms[engine::kBlack] = request.black_increment_ms;
  }
  return limits;
}

}  // namespace

struct BuiltinPlayer::Impl {
  engine::Engine engine;
  bool ready = false;
};

BuiltinPlayer::BuiltinPlayer(BuiltinPlayerOptions options) : options_(std::move(options)) {}

BuiltinPlayer::~BuiltinPlayer() { Quit(); }

absl::Status BuiltinPlayer::NewGame(const std::shared_ptr<const engine::Variant>& variant) {
  if (impl_ == nullptr) impl_ = std::make_unique<Impl>();
  impl_->ready = false;
  engine::Engine& engine = impl_->engine;
  RETURN_IF_ERROR(engine.SetVariant(variant));
  // The same overrides every game; the engine keeps them, so re-applying is harmless and
  // keeps a player correct even if the engine ever resets them with the variant. SPSA hands
  // out real values, which the engine rounds to its integers.
  for (const auto& [name, value] : options_.params) {
    RETURN_IF_ERROR(engine.SetParameter(name, value));
  }
  RETURN_IF_ERROR(engine.NewGame());
  impl_->ready = true;
  return absl::OkStatus();
}

absl::StatusOr<PlayerMove> BuiltinPlayer::Go(const GoRequest& request) {
  if (impl_ == nullptr || !impl_->ready) {
    return absl::FailedPreconditionError(absl::StrCat(name(), ": Go without NewGame"));
  }
  engine::Engine& engine = impl_->engine;
  // The match checked the opening; a refusal here would be a bug of ours, not a game result.
  RETURN_IF_ERROR(engine.SetPosition(request.start_fen, request.moves));

  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  engine::SearchResult result;
  const auto start = std::chrono::steady_clock::now();
  RETURN_IF_ERROR(engine.Go(Limits(request), nullptr, [&](const engine::SearchResult& r) {
    std::lock_guard<std::mutex> lock(mutex);
    result = r;
    done = true;
    done_cv.notify_one();
  }));
  bool in_time;
  {
    std::unique_lock<std::mutex> lock(mutex);
    in_time = done_cv.wait_until(lock, start + std::chrono::milliseconds(request.deadline_ms),
                                 [&] { return done; });
  }
  if (!in_time) engine.Stop();
  engine.Wait();

  PlayerMove move;
  move.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  if (!in_time) {
    move.fault = PlayerMove::kTimeLoss;
    move.detail = absl::StrCat("no best move after ", move.elapsed_ms, " ms");
    return move;
  }
  move.uci = result.best_uci;
  move.nodes = int64_t(result.info.nodes);
  move.depth = result.info.depth;
  if (result.info.mate != 0) {
    move.mate_in = result.info.mate;
  } else {
    move.score_cp = result.info.score;
  }
  return move;
}

void BuiltinPlayer::Quit() {
  if (impl_ == nullptr) return;
  impl_->engine.Stop();
  impl_->engine.Wait();
  impl_.reset();
}

}  // namespace gc9::worker
