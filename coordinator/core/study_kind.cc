#include "coordinator/core/study_kind.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "coordinator/study/placement.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"

namespace gc9::coordinator::core {
namespace {

constexpr int kGamesPerPair = 2;

// A cell's games count from White's side, whichever engine had White.
study::GameOutcome OutcomeOf(proto::GameResult result) {
  if (result == proto::RESULT_WHITE_WINS) return study::GameOutcome::kWhiteWin;
  if (result == proto::RESULT_BLACK_WINS) return study::GameOutcome::kBlackWin;
  return study::GameOutcome::kDraw;  // ScorePair has let only the three results through
}

void Add(study::CellResult& cell, study::GameOutcome outcome) {
  switch (outcome) {
    case study::GameOutcome::kWhiteWin:
      ++cell.wins;
      break;
    case study::GameOutcome::kDraw:
      ++cell.draws;
      break;
    case study::GameOutcome::kBlackWin:
      ++cell.losses;
      break;
  }
}

void ToRecord(int white, int black, const study::CellResult& result, int64_t in_flight,
              proto::StudyCellRecord* record) {
  record->set_white(white);
  record->set_black(black);
  record->set_wins(result.wins);
  record->set_draws(result.draws);
  record->set_losses(result.losses);
  record->set_in_flight(in_flight);
}

// The file of a drop's square if it lies on `row`, else -1: "P@c7" on rank 7 gives 2.
int DropFile(const std::string& drop, const study::DropRow& row) {
  const size_t at = drop.find('@');
  if (at == std::string::npos || at + 2 >= drop.size()) return -1;
  const char file = drop[at + 1];
  int rank = 0;
  if (file < 'a' || file >= 'a' + row.width) return -1;
  if (!absl::SimpleAtoi(drop.substr(at + 2), &rank) || rank != row.rank) return -1;
  return file - 'a';
}

}  // namespace

StudyKind::StudyKind(proto::RunConfig config, config::StudySetup setup, study::AllocatorState state)
    : config_(std::move(config)), setup_(std::move(setup)), state_(std::move(state)) {}

absl::StatusOr<std::unique_ptr<StudyKind>> StudyKind::Create(const proto::RunConfig& config) {
  config::StudyErrorSite site;
  absl::StatusOr<config::StudySetup> setup = config::ResolveStudy(config, &site);
  if (!setup.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("placement_study.", site.field, ": ", setup.status().message()));
  }
  absl::StatusOr<study::AllocatorState> state =
      study::NewAllocatorState(setup->allocator, setup->cells);
  if (!state.ok()) return state.status();
  return std::unique_ptr<StudyKind>(new StudyKind(config, *std::move(setup), *std::move(state)));
}

absl::Status StudyKind::Restore(const std::string& bytes) {
  proto::PlacementStudyState saved;
  if (!saved.ParseFromString(bytes)) return absl::DataLossError("unparsable study state");
  if (saved.cell_size() != static_cast<int>(state_.cells.size())) {
    return absl::DataLossError(absl::StrCat("study state has ", saved.cell_size(),
                                            " cells, the config ", state_.cells.size()));
  }
  for (int c = 0; c < saved.cell_size(); ++c) {
    const proto::StudyCellRecord& record = saved.cell(c);
    const int black = setup_.engine_replies ? 0 : state_.cells[c].black;
    if (record.white() != state_.cells[c].white ||
        (!setup_.engine_replies && record.black() != black)) {
      return absl::DataLossError(absl::StrCat("study state cell ", c, " is not the config's"));
    }
    state_.wins[c] = record.wins();
    state_.draws[c] = record.draws();
    state_.losses[c] = record.losses();
    state_.in_flight[c] = record.in_flight();
  }
  if (absl::Status valid = study::ValidateAllocatorState(state_); !valid.ok()) return valid;
  outstanding_.clear();
  for (const auto& [index, pair] : saved.outstanding()) outstanding_[index] = pair;
  observed_.clear();
  for (const proto::StudyCellRecord& record : saved.observed()) {
    observed_[{record.white(), record.black()}] =
        study::CellResult{record.wins(), record.draws(), record.losses()};
  }
  unplaced_games_ = saved.unplaced_games();
  return absl::OkStatus();
}

std::string StudyKind::SaveState() const {
  proto::PlacementStudyState saved;
  for (size_t c = 0; c < state_.cells.size(); ++c) {
    ToRecord(state_.cells[c].white, setup_.engine_replies ? -1 : state_.cells[c].black,
             study::ResultAt(state_, static_cast<int>(c)), state_.in_flight[c], saved.add_cell());
  }
  for (const auto& [index, pair] : outstanding_) (*saved.mutable_outstanding())[index] = pair;
  for (const auto& [cell, result] : observed_) {
    ToRecord(cell.first, cell.second, result, 0, saved.add_observed());
  }
  saved.set_unplaced_games(unplaced_games_);
  // Maps serialize in no fixed order; deterministic bytes keep equal states equal on disk.
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  saved.SerializeToCodedStream(&coded);
  coded.Trim();
  return bytes;
}

int StudyKind::FallbackCell() {
  int best = 0;
  int64_t fewest = -1;
  for (int c = 0; c < static_cast<int>(state_.cells.size()); ++c) {
    const int64_t level = study::Games(study::ResultAt(state_, c)) + state_.in_flight[c];
    if (fewest < 0 || level < fewest) {
      fewest = level;
      best = c;
    }
  }
  state_.in_flight[best] += kGamesPerPair;
  return best;
}

void StudyKind::ReleasePick(int cell) {
  for (int g = 0; g < kGamesPerPair; ++g) study::Release(state_, cell).IgnoreError();
}

proto::OpeningPosition StudyKind::OpeningOf(int cell) const {
  proto::OpeningPosition opening;  // from the variant's start position
  const study::StudyCell& c = state_.cells[cell];
  absl::StatusOr<study::Placement> white =
      study::PlacementFromIndex(c.white, setup_.white_row.width);
  for (const std::string& drop : study::DropMoves(*white, setup_.white_row.rank)) {
    opening.add_move(drop);
  }
  if (setup_.engine_replies) return opening;
  absl::StatusOr<study::Placement> black =
      study::PlacementFromIndex(c.black, setup_.black_row.width);
  for (const std::string& drop : study::DropMoves(*black, setup_.black_row.rank)) {
    opening.add_move(drop);
  }
  return opening;
}

std::string StudyKind::PrepareBatch(proto::Batch* batch) {
  if (!batch->config().has_baseline()) {
    *batch->mutable_config()->mutable_baseline() = batch->config().engine();
  }
  // Replayed pairs first give back the games their expired lease held.
  for (const proto::PairAssignment& pair : batch->pair()) {
    auto it = outstanding_.find(pair.pair_index());
    if (it == outstanding_.end()) continue;
    ReleasePick(it->second.cell());
    outstanding_.erase(it);
  }
  std::vector<int> cells = study::NextCells(state_, batch->pair_size());
  while (static_cast<int>(cells.size()) < batch->pair_size()) cells.push_back(FallbackCell());
  proto::StudyBatchState batch_state;
  for (int i = 0; i < batch->pair_size(); ++i) {
    proto::PairAssignment* pair = batch->mutable_pair(i);
    *pair->mutable_opening() = OpeningOf(cells[i]);
    if (setup_.node_jitter > 0) {
      // Drawn from the pair's seed, so a replay of the assignment plays the same games.
      std::mt19937_64 rng(pair->seed());
      const double nodes = static_cast<double>(config_.time_control().nodes());
      for (int g = 0; g < kGamesPerPair; ++g) {
        const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
        const double factor = 1 + setup_.node_jitter * (2 * u - 1);
        pair->add_game_nodes(std::max<int64_t>(1, std::llround(nodes * factor)));
      }
    }
    proto::StudyOutstanding& held = outstanding_[pair->pair_index()];
    held.set_cell(cells[i]);
    held.set_batch_id(batch->batch_id());
    batch_state.add_pair_index(pair->pair_index());
    batch_state.add_cell(cells[i]);
  }
  return batch_state.SerializeAsString();
}

std::pair<int, int> StudyKind::PlacedCell(int cell, const proto::GameSummary& game) const {
  const int white = state_.cells[cell].white;
  if (!setup_.engine_replies) return {white, state_.cells[cell].black};
  std::vector<int> files;
  for (const std::string& drop : game.drop()) {
    const int file = DropFile(drop, setup_.black_row);
    if (file >= 0) files.push_back(file);
  }
  if (files.size() != 2 || files[0] == files[1]) return {white, -1};
  std::sort(files.begin(), files.end());
  return {white, study::PlacementIndex({files[0], files[1]}, setup_.black_row.width)};
}

void StudyKind::CountPair(const std::string& batch_state, const ScoredPair& scored,
                          proto::PairResult* pair) {
  proto::StudyBatchState batch;
  batch.ParseFromString(batch_state);
  int cell = -1;
  for (int i = 0; i < batch.pair_index_size() && i < batch.cell_size(); ++i) {
    if (batch.pair_index(i) == pair->pair_index()) cell = batch.cell(i);
  }
  auto held = outstanding_.find(pair->pair_index());
  if (cell < 0 || cell >= static_cast<int>(state_.cells.size())) {
    if (held == outstanding_.end()) return;  // nothing says which cell it played
    cell = held->second.cell();
  }
  // Under the lease that holds it, its games leave flight as they are recorded. A late
  // report under an older lease: those games were released at the replay, and the newer
  // lease's games will never count.
  const bool current = held != outstanding_.end() && held->second.batch_id() == pair->batch_id();
  proto::StudyPairRecord record;
  record.set_cell(cell);
  for (int g = 0; g < pair->game_size(); ++g) {
    const proto::GameSummary& game = pair->game(g);
    const study::GameOutcome outcome = OutcomeOf(scored.game[g]);
    const int64_t flying = state_.in_flight[cell];
    study::Record(state_, cell, outcome).IgnoreError();
    if (!current) state_.in_flight[cell] = flying;
    const auto [white, black] = PlacedCell(cell, game);
    record.add_white(white);
    record.add_black(black);
    if (setup_.engine_replies) {
      if (black < 0) {
        ++unplaced_games_;
      } else {
        Add(observed_[{white, black}], outcome);
      }
    }
  }
  if (held != outstanding_.end()) {
    if (!current) ReleasePick(held->second.cell());
    outstanding_.erase(held);
  }
  pair->set_kind_record(record.SerializeAsString());
}

proto::Decision StudyKind::Decide(const PairTally& tally) const {
  if (tally.counted >= tally.target) return proto::DECISION_COMPLETE;
  const study::AllocatorSummary summary = study::Summarize(state_);
  if (summary.separated && state_.config.stop_when_separated) return proto::DECISION_COMPLETE;
  return proto::DECISION_NONE;
}

void StudyKind::FillStatus(const StatusOptions& options, proto::RunStatus* status) const {
  const study::AllocatorSummary summary = study::Summarize(state_);
  proto::PlacementStudyStatus* out = status->mutable_placement_study();
  out->set_games(summary.games);
  out->set_budget_games(state_.config.budget);
  out->set_in_flight(summary.in_flight);
  out->set_separated(summary.separated);
  out->set_delta(state_.config.delta);
  out->set_width(setup_.white_row.width);
  out->set_white_rank(setup_.white_row.rank);
  out->set_black_rank(setup_.black_row.rank);
  for (const study::RowSummary& row : summary.rows) {
    proto::StudyRowStatus* r = out->add_row();
    r->set_white(row.white);
    r->set_value(row.value);
    r->set_lower(row.lower);
    r->set_upper(row.upper);
    r->set_games(row.games);
    r->set_best_reply(setup_.engine_replies ? -1 : row.best_reply);
  }
  if (setup_.engine_replies) {
    // The best reply is the observed one that held White lowest.
    std::map<int, std::pair<double, int>> lowest;
    for (const auto& [cell, result] : observed_) {
      const double score = study::Score(result);
      auto it = lowest.find(cell.first);
      if (it == lowest.end() || score < it->second.first) lowest[cell.first] = {score, cell.second};
    }
    for (proto::StudyRowStatus& r : *out->mutable_row()) {
      if (auto it = lowest.find(r.white()); it != lowest.end()) {
        r.set_best_reply(it->second.second);
      }
    }
  }
  for (int leader : summary.leaders) out->add_leader(leader);
  if (setup_.engine_replies) {
    for (const auto& [cell, result] : observed_) {
      ToRecord(cell.first, cell.second, result, 0, out->add_cell());
    }
  } else {
    for (size_t c = 0; c < state_.cells.size(); ++c) {
      const study::CellResult result = study::ResultAt(state_, static_cast<int>(c));
      if (study::Games(result) == 0) continue;
      ToRecord(state_.cells[c].white, state_.cells[c].black, result, state_.in_flight[c],
               out->add_cell());
    }
  }
}

}  // namespace gc9::coordinator::core
