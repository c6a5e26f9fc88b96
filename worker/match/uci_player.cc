#include "worker/match/uci_player.h"

#include <chrono>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "worker/match/uci_lines.h"

namespace gc9::worker {
namespace {

std::string BaseName(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string GoCommand(const GoRequest& request) {
  const TimeControl& tc = request.time_control;
  if (tc.nodes > 0) return absl::StrCat("go nodes ", tc.nodes);
  if (tc.depth > 0) return absl::StrCat("go depth ", tc.depth);
  if (tc.movetime_ms > 0) return absl::StrCat("go movetime ", tc.movetime_ms);
  std::string go = absl::StrCat("go wtime ", request.white_ms, " btime ", request.black_ms);
  if (request.white_increment_ms > 0 || request.black_increment_ms > 0) {
    absl::StrAppend(&go, " winc ", request.white_increment_ms, " binc ",
                    request.black_increment_ms);
  }
  return go;
}

}  // namespace

UciPlayer::UciPlayer(UciPlayerOptions options)
    : options_(std::move(options)),
      name_(options_.name.empty() ? BaseName(options_.path) : options_.name) {}

UciPlayer::~UciPlayer() { Quit(); }

absl::Status UciPlayer::Send(const std::string& line) { return child_->WriteLine(line); }

absl::StatusOr<std::string> UciPlayer::WaitFor(absl::string_view token, int64_t timeout_ms) {
  const int64_t deadline = NowMs() + timeout_ms;
  std::string line;
  while (true) {
    switch (child_->ReadLine(std::max<int64_t>(0, deadline - NowMs()), &line)) {
      case ChildProcess::ReadResult::kLine:
        if (absl::StartsWith(line, token)) return line;
        break;
      case ChildProcess::ReadResult::kTimeout:
        return absl::DeadlineExceededError(
            absl::StrCat(name_, ": no '", token, "' within ", timeout_ms, " ms"));
      case ChildProcess::ReadResult::kEof:
        child_->Terminate(100);
        return absl::UnavailableError(absl::StrCat(name_, " ended while we waited for '", token,
                                                   "': ", child_->exit_description()));
    }
  }
}

absl::Status UciPlayer::SyncReady(int64_t timeout_ms) {
  RETURN_IF_ERROR(Send("isready"));
  return WaitFor("readyok", timeout_ms).status();
}

absl::Status UciPlayer::Start() {
  absl::StatusOr<std::unique_ptr<ChildProcess>> child =
      ChildProcess::Start(options_.path, options_.args);
  if (!child.ok()) return WithStartFailure(child.status(), StartFailure::kMissing, name_);
  child_ = *std::move(child);
  ++starts_;
  RETURN_IF_ERROR(Send("uci"));
  const int64_t deadline = NowMs() + options_.handshake_timeout_ms;
  std::string line;
  description_ = UciDescription();
  while (true) {
    ChildProcess::ReadResult r = child_->ReadLine(std::max<int64_t>(0, deadline - NowMs()), &line);
    if (r == ChildProcess::ReadResult::kTimeout) {
      return absl::DeadlineExceededError(absl::StrCat(name_, ": no uciok"));
    }
    if (r == ChildProcess::ReadResult::kEof) {
      child_->Terminate(100);
      return absl::UnavailableError(
          absl::StrCat(name_, " ended during the uci handshake: ", child_->exit_description()));
    }
    if (ReadUciLine(line, &description_)) break;
  }
  for (const auto& [option, value] : options_.uci_options) {
    bool known = false;
    for (const std::string& name : description_.option_names)
      known |= absl::EqualsIgnoreCase(name, option);
    // A misspelt option would otherwise be silently ignored and the test run mislabelled.
    if (!known) {
      return absl::InvalidArgumentError(absl::StrCat(name_, " has no UCI option '", option, "'"));
    }
    RETURN_IF_ERROR(Send(absl::StrCat("setoption name ", option, " value ", value)));
  }
  return absl::OkStatus();
}

absl::Status UciPlayer::Prepare(const std::shared_ptr<const engine::Variant>& variant) {
  if (child_ == nullptr) RETURN_IF_ERROR(Start());
  if (!description_.variant_choices.empty()) {
    bool supported = false;
    for (const std::string& v : description_.variant_choices) supported |= v == variant->name();
    if (!supported) {
      return absl::FailedPreconditionError(
          absl::StrCat(name_, " does not play the variant ", variant->name()));
    }
    RETURN_IF_ERROR(Send(absl::StrCat("setoption name UCI_Variant value ", variant->name())));
  }
  RETURN_IF_ERROR(Send("ucinewgame"));
  return SyncReady(options_.handshake_timeout_ms);
}

absl::Status UciPlayer::NewGame(const std::shared_ptr<const engine::Variant>& variant) {
  ready_for_game_ = false;
  if (child_ != nullptr && child_->Exited()) Discard();
  const bool was_running = child_ != nullptr;
  absl::Status status = Prepare(variant);
  // The process kept from the last game may have died or hung since: one fresh start.
  if (!status.ok() && was_running) {
    Discard();
    status = Prepare(variant);
  }
  if (!status.ok()) {
    Discard();
    if (!StartFailureOf(status).has_value()) {
      status = WithStartFailure(status, StartFailure::kStart, name_);
    }
    return status;
  }
  ready_for_game_ = true;
  return absl::OkStatus();
}

absl::StatusOr<PlayerMove> UciPlayer::Go(const GoRequest& request) {
  if (child_ == nullptr || !ready_for_game_) {
    return absl::FailedPreconditionError(absl::StrCat(name_, ": Go without NewGame"));
  }
  PlayerMove move;
  std::string position = absl::StrCat("position fen ", request.start_fen);
  if (!request.moves.empty())
    absl::StrAppend(&position, " moves ", absl::StrJoin(request.moves, " "));
  const int64_t start = NowMs();
  if (!Send(position).ok() || !Send(GoCommand(request)).ok()) {
    child_->Terminate(100);
    move.fault = PlayerMove::kCrash;
    move.detail = absl::StrCat("input closed; ", child_->exit_description());
    return Crashed(std::move(move));
  }
  const int64_t deadline = start + request.deadline_ms;
  std::string line;
  while (true) {
    ChildProcess::ReadResult r = child_->ReadLine(std::max<int64_t>(0, deadline - NowMs()), &line);
    move.elapsed_ms = NowMs() - start;
    if (r == ChildProcess::ReadResult::kTimeout) {
      move.fault = PlayerMove::kTimeLoss;
      move.detail = absl::StrCat("no bestmove after ", move.elapsed_ms, " ms");
      // Its search state is unknown now; a fresh process for the next game is simplest.
      Discard();
      return move;
    }
    if (r == ChildProcess::ReadResult::kEof) {
      child_->Terminate(100);
      move.fault = PlayerMove::kCrash;
      move.detail = child_->exit_description();
      return Crashed(std::move(move));
    }
    switch (ReadSearchLine(line, &move)) {
      case SearchLine::kBestMove:
        moved_ = true;
        return move;
      case SearchLine::kProtocolError:
        Discard();
        return move;
      case SearchLine::kInfo:
      case SearchLine::kOther:  // UCI tells GUIs to ignore what they do not understand
        break;
    }
  }
}

absl::StatusOr<PlayerMove> UciPlayer::Crashed(PlayerMove move) {
  Discard();
  if (moved_) return move;
  return WithStartFailure(
      absl::UnavailableError(absl::StrCat(name_, " died before its first move: ", move.detail)),
      StartFailure::kStart, name_);
}

void UciPlayer::Discard() {
  ready_for_game_ = false;
  if (child_ != nullptr) child_->Terminate(200);
  child_.reset();
}

void UciPlayer::Quit() {
  ready_for_game_ = false;
  if (child_ == nullptr) return;
  if (!child_->Exited() && child_->WriteLine("quit").ok()) {
    child_->Terminate(options_.handshake_timeout_ms < 1000 ? options_.handshake_timeout_ms : 1000);
  }
  child_.reset();
}

}  // namespace gc9::worker
