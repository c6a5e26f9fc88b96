// The placement_study kind: every pair handed out plays one cell of the study (a White
// placement against a Black one, or against whatever Black's engine drops), chosen by the
// allocator (coordinator/study/allocator.h); the study ends when the allocator has separated
// its leaders or the budget is spent.
//
// A pair is two games of one cell from the position after the drops, with the engines
// swapping colours. The cell says which side placed where, so both games count for the cell
// from White's side: White's W/D/L, whichever engine had White.
//
// Every pair index handed out is outstanding in one allocator cell until it is counted. A
// lease that expires does not tell the kind, but its pairs come back through PrepareBatch
// (the core replays them): the old cell's games in flight are released then, and the pair
// plays whatever cell the allocator picks now. A late report of a pair under its old lease
// still counts for the old cell, and the newer lease's games are released instead.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "coordinator/config/study_config.h"
#include "coordinator/core/run_kind.h"
#include "coordinator/study/allocator.h"
#include "proto/study.pb.h"

namespace gc9::coordinator::core {

class StudyKind : public RunKind {
 public:
  static absl::StatusOr<std::unique_ptr<StudyKind>> Create(const proto::RunConfig& config);

  absl::Status Restore(const std::string& state) override;
  std::string SaveState() const override;
  std::string PrepareBatch(proto::Batch* batch) override;
  void CountPair(const std::string& batch_state, const ScoredPair& scored,
                 proto::PairResult* pair) override;
  proto::Decision Decide(const PairTally& tally) const override;
  void FillStatus(const StatusOptions& options, proto::RunStatus* status) const override;

  const study::AllocatorState& allocator() const { return state_; }

 private:
  StudyKind(proto::RunConfig config, config::StudySetup setup, study::AllocatorState state);

  // The cell for a pair the allocator has no pick for (the study has just finished and the
  // core does not know yet): the least played, so the games are not wasted entirely.
  int FallbackCell();
  // Takes a cell's two games in flight back; a no-op for games no longer in flight.
  void ReleasePick(int cell);
  proto::OpeningPosition OpeningOf(int cell) const;
  // White's and Black's placement in a game, or -1 for Black's when its drops are unreadable.
  std::pair<int, int> PlacedCell(int cell, const proto::GameSummary& game) const;

  proto::RunConfig config_;
  config::StudySetup setup_;
  study::AllocatorState state_;
  std::map<int64_t, proto::StudyOutstanding> outstanding_;
  std::map<std::pair<int, int>, study::CellResult> observed_;  // engine replies only
  int64_t unplaced_games_ = 0;
};

}  // namespace gc9::coordinator::core
