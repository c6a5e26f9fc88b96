#include "engine/engine.h"

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "engine/boards.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {

Engine::Engine() : tt_(TranspositionTable::kDefaultMegabytes) {
  // Started here, once every member it uses is constructed.
  thread_ = std::thread([this] { SearchThreadLoop(); });
  auto variant = BuiltinVariant("grandchess9");
  if (!variant.ok() && !BuiltinVariantNames().empty()) {
    variant = BuiltinVariant(BuiltinVariantNames().front());
  }
  if (variant.ok()) (void)SetVariant(*variant);
}

Engine::~Engine() {
  Stop();
  Wait();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void Engine::SearchThreadLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return job_ || quit_; });
    if (!job_) return;  // quit with nothing left to run
    std::function<void()> job = std::move(job_);
    job_ = nullptr;
    lock.unlock();
    job();
    lock.lock();
    busy_ = false;
    idle_.notify_all();
  }
}

absl::Status Engine::CheckIdle() const {
  if (searching_.load()) return absl::FailedPreconditionError("a search is running");
  return absl::OkStatus();
}

absl::Status Engine::SetVariant(absl::string_view name) {
  RETURN_IF_ERROR(CheckIdle());
  ASSIGN_OR_RETURN(auto variant, BuiltinVariant(name));
  return SetVariant(variant);
}

absl::Status Engine::SetVariant(std::shared_ptr<const Variant> variant) {
  RETURN_IF_ERROR(CheckIdle());
  ASSIGN_OR_RETURN(game_, Game::New(std::move(variant)));
  stale_ = true;
  return absl::OkStatus();
}

absl::Status Engine::SetPosition(absl::string_view fen, const std::vector<std::string>& moves) {
  RETURN_IF_ERROR(CheckIdle());
  // A copy of the current game, so the new FEN is the only one parsed (the worker sets the
  // position before every move).
  std::unique_ptr<Game> game = game_->Clone();
  RETURN_IF_ERROR(game->SetFen(fen));
  for (const std::string& text : moves) RETURN_IF_ERROR(game->Play(text));
  game_ = std::move(game);
  return absl::OkStatus();
}

BoardSearcher& Engine::SearcherFor(const Variant& variant) {
  if (variant.board_kind() == BoardKind::kWide) {
    if (!wide_searcher_) wide_searcher_ = wide::NewSearcher(&tt_);
    return *wide_searcher_;
  }
  if (!narrow_searcher_) narrow_searcher_ = narrow::NewSearcher(&tt_);
  return *narrow_searcher_;
}

absl::Status Engine::SetParameter(absl::string_view name, double value) {
  RETURN_IF_ERROR(CheckIdle());
  RETURN_IF_ERROR(params_.Set(name, value));
  stale_ = true;
  return absl::OkStatus();
}

absl::Status Engine::SetParameters(absl::string_view text) {
  RETURN_IF_ERROR(CheckIdle());
  RETURN_IF_ERROR(params_.ApplyText(text, "parameters"));
  stale_ = true;
  return absl::OkStatus();
}

absl::Status Engine::LoadParameters(const std::string& path) {
  RETURN_IF_ERROR(CheckIdle());
  RETURN_IF_ERROR(params_.LoadFile(path));
  stale_ = true;
  return absl::OkStatus();
}

absl::Status Engine::SetHashSize(int megabytes) {
  RETURN_IF_ERROR(CheckIdle());
  if (megabytes < 1 || megabytes > TranspositionTable::kMaxMegabytes) {
    return absl::OutOfRangeError(
        absl::StrCat("Hash ", megabytes, " is outside 1..", TranspositionTable::kMaxMegabytes));
  }
  if (!tt_.Resize(megabytes)) {
    return absl::ResourceExhaustedError(
        absl::StrCat("Hash ", megabytes, ": not that much memory; the hash keeps its size"));
  }
  return absl::OkStatus();
}

absl::Status Engine::NewGame() {
  RETURN_IF_ERROR(CheckIdle());
  Forget();
  return absl::OkStatus();
}

void Engine::Forget() {
  tt_.Clear();
  if (narrow_searcher_) narrow_searcher_->Clear();
  if (wide_searcher_) wide_searcher_->Clear();
  stale_ = false;
}

absl::Status Engine::Go(const SearchLimits& limits, InfoCallback on_info,
                        BestMoveCallback on_bestmove) {
  RETURN_IF_ERROR(CheckIdle());
  Wait();  // the previous search's best-move callback may still be running
  if (stale_) Forget();
  // The search works on copies, so the caller may change the position once it has stopped.
  // std::function needs a copyable callable, so the root travels as a shared_ptr.
  std::shared_ptr<Game> root = game_->Clone();
  BoardSearcher* searcher = &SearcherFor(*root->variant());
  const ParamSnapshot snapshot = params_.snapshot();
  stop_.store(false);
  searching_.store(true);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = [this, root, searcher, snapshot, limits, on_info = std::move(on_info),
            on_bestmove = std::move(on_bestmove)] {
      const SearchResult result = searcher->Run(*root, limits, snapshot, stop_, on_info);
      // Idle before the callback, so that whoever reads the best move may start the next
      // search at once (Go waits for this job first; the search no longer touches the engine).
      searching_.store(false);
      if (on_bestmove) on_bestmove(result);
    };
    busy_ = true;
  }
  wake_.notify_one();
  return absl::OkStatus();
}

void Engine::Stop() { stop_.store(true); }

void Engine::Wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return !busy_; });
}

absl::StatusOr<SearchResult> Engine::Search(const SearchLimits& limits, InfoCallback on_info) {
  SearchResult result;
  RETURN_IF_ERROR(Go(limits, std::move(on_info), [&result](const SearchResult& r) { result = r; }));
  Wait();
  return result;
}

}  // namespace gc9::engine
