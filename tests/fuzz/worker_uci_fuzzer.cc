// UCI lines from an engine into the worker: the input is what an engine printed, first its
// answer to `uci` (up to `uciok`), then everything it printed during a game. Two scripted
// players share that transcript and read it with the UciPlayer's own line readers
// (worker/match/uci_lines.h); PlayGame checks their moves, adjudicates on their scores and
// writes the PGN, which must read back with the game's result and length.
#include <memory>
#include <string>
#include <vector>

#include "engine/game_end.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"
#include "worker/match/match.h"
#include "worker/match/pgn.h"
#include "worker/match/uci_lines.h"

namespace {

using gc9::worker::PlayerMove;
using gc9::worker::SearchLine;

struct Transcript {
  std::vector<absl::string_view> lines;
  size_t next = 0;
};

// A player whose engine output is the transcript's next lines.
class TranscriptPlayer : public gc9::worker::Player {
 public:
  TranscriptPlayer(std::string name, Transcript* transcript)
      : name_(std::move(name)), transcript_(transcript) {}
  const std::string& name() const override { return name_; }
  absl::Status NewGame(const std::shared_ptr<const gc9::engine::Variant>&) override {
    return absl::OkStatus();
  }
  absl::StatusOr<PlayerMove> Go(const gc9::worker::GoRequest&) override {
    PlayerMove move;
    while (transcript_->next < transcript_->lines.size()) {
      switch (gc9::worker::ReadSearchLine(transcript_->lines[transcript_->next++], &move)) {
        case SearchLine::kBestMove:
        case SearchLine::kProtocolError:
          return move;
        case SearchLine::kInfo:
        case SearchLine::kOther:
          break;
      }
    }
    // The output ended: the engine closed its pipe, as UciPlayer reports it.
    move.fault = PlayerMove::kCrash;
    move.detail = "end of output";
    return move;
  }
  void Quit() override {}

 private:
  std::string name_;
  Transcript* transcript_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::string_view text = gc9::fuzz::Text(data, size);
  const std::vector<std::string>& names = gc9::engine::BuiltinVariantNames();
  const std::string& variant_name = names[gc9::fuzz::TakeChoice(&text, names.size())];
  const auto variant = *gc9::engine::BuiltinVariant(variant_name);

  Transcript transcript;
  transcript.lines = gc9::fuzz::Lines(text);
  gc9::worker::UciDescription description;
  while (transcript.next < transcript.lines.size()) {
    if (gc9::worker::ReadUciLine(transcript.lines[transcript.next++], &description)) break;
  }

  TranscriptPlayer white("white", &transcript), black("black", &transcript);
  gc9::worker::TimeControl tc;
  tc.nodes = 1000;
  gc9::worker::Adjudication adjudication;
  adjudication.max_plies = 300;
  adjudication.draw_move_number = 10;
  adjudication.draw_score_cp = 20;
  adjudication.draw_plies = 6;
  adjudication.resign_score_cp = 500;
  adjudication.resign_plies = 4;
  absl::StatusOr<gc9::worker::GameRecord> record =
      gc9::worker::PlayGame(variant, {}, white, black, tc, adjudication);
  GC9_FUZZ_CHECK(record.ok(), std::string(record.status().message()));
  absl::StatusOr<gc9::worker::PgnGame> pgn = gc9::worker::ReadPgn(record->pgn);
  GC9_FUZZ_CHECK(pgn.ok(), record->pgn);
  GC9_FUZZ_CHECK(pgn->result == gc9::engine::OutcomeText(record->result), record->pgn);
  GC9_FUZZ_CHECK(pgn->moves.size() == record->moves.size(), record->pgn);
  return 0;
}
